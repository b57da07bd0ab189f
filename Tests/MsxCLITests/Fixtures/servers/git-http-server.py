#!/usr/bin/env python3
"""A smart-HTTP git server for the tests: `git http-backend` behind a small CGI runner, on the loopback interface.

    git-http-server.py ROOT PORTFILE

Serves the repositories under ROOT (GIT_PROJECT_ROOT, every one exported) on 127.0.0.1 at a free port, which it
writes to PORTFILE once it listens; runs until killed. Request bodies sent with chunked transfer encoding (libgit2's
pushes) are read whole before the backend sees them. When BASIC_AUTH is set ("user:password"), requests without
those credentials get 401. When NEGOTIATE is set, every request gets 401 asking for Negotiate (Kerberos)
authentication, which the tests cannot give. When TLS_CERT and TLS_KEY name PEM files, it speaks https with that certificate.
"""
import base64
import http.server
import os
import ssl
import subprocess
import sys

ROOT, PORTFILE = sys.argv[1], sys.argv[2]
AUTH = os.environ.get("BASIC_AUTH")
NEGOTIATE = os.environ.get("NEGOTIATE")


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def body(self):
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            data = b""
            while True:
                size = int(self.rfile.readline().strip() or b"0", 16)
                if size == 0:
                    self.rfile.readline()
                    return data
                data += self.rfile.read(size)
                self.rfile.readline()
        return self.rfile.read(int(self.headers.get("Content-Length") or 0))

    def serve(self):
        if NEGOTIATE:
            self.send_response(401)
            self.send_header("WWW-Authenticate", "Negotiate")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if AUTH and self.headers.get("Authorization") != "Basic " + base64.b64encode(AUTH.encode()).decode():
            self.send_response(401)
            self.send_header("WWW-Authenticate", 'Basic realm="git"')
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        data = self.body() if self.command == "POST" else b""
        path, _, query = self.path.partition("?")
        env = dict(os.environ, GIT_PROJECT_ROOT=ROOT, GIT_HTTP_EXPORT_ALL="1", PATH_INFO=path, QUERY_STRING=query,
                   REQUEST_METHOD=self.command, CONTENT_TYPE=self.headers.get("Content-Type", ""),
                   CONTENT_LENGTH=str(len(data)), REMOTE_USER=(AUTH or "tester").split(":")[0], REMOTE_ADDR="127.0.0.1")
        out = subprocess.run(["git", "http-backend"], input=data, env=env, capture_output=True).stdout
        head, _, payload = out.partition(b"\r\n\r\n")
        status = 200
        headers = []
        for line in head.split(b"\r\n"):
            name, _, value = line.decode().partition(":")
            if name.lower() == "status":
                status = int(value.strip().split()[0])
            elif name:
                headers.append((name, value.strip()))
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    do_GET = serve
    do_POST = serve


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
if os.environ.get("TLS_CERT"):
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(os.environ["TLS_CERT"], os.environ["TLS_KEY"])
    server.socket = context.wrap_socket(server.socket, server_side=True)
with open(PORTFILE + ".tmp", "w") as f:
    f.write(str(server.server_address[1]))
os.rename(PORTFILE + ".tmp", PORTFILE)
server.serve_forever()
