"""Drives `msx serve` from outside: a real browser (headless chromium through chromedriver) and raw HTTP requests.

    serve-browser.py MSX PROJECT browser    the pages show documents, versions and changes; accepting a change in one
                                            tab writes the file and another tab follows; a merge conflict is settled
                                            and the merge recorded from the page
    serve-browser.py MSX PROJECT security   a wrong Host, no token, a cross-origin POST and `..` in a path are refused
    serve-browser.py MSX PROJECT watching   the pages' change stamp moves with every change to the project's files,
                                            git's branches and HEAD, and with nothing a page's reading writes

Prints what it checked; exits 1 with the reason at the first check that fails. The server is started here and
stopped before the script ends, whatever happens.
"""
import http.client
import json
import os
import re
import subprocess
import sys
import time
import urllib.parse

MSX, PROJECT, MODE = sys.argv[1], sys.argv[2], sys.argv[3]
LAMP = os.path.join(PROJECT, "contents/draft/lamp.md")


def fail(message):
    print("FAILED: " + message)
    sys.exit(1)


def check(condition, message):
    if not condition:
        fail(message)
    print("ok: " + message)


def msx(*arguments, expect=0):
    run = subprocess.run([MSX, *arguments], cwd=PROJECT, capture_output=True, text=True)
    if run.returncode != expect:
        fail(f"msx {' '.join(arguments)} exited {run.returncode}: {run.stdout} {run.stderr}")
    return run.stdout


def git(*arguments):
    return subprocess.run(["git", *arguments], cwd=PROJECT, capture_output=True, text=True, check=True).stdout


def lamp():
    with open(LAMP, encoding="utf-8") as file:
        return file.read()


def start_server():
    server = subprocess.Popen([MSX, "serve"], cwd=PROJECT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    line = server.stdout.readline()
    match = re.search(r"(http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]+))", line)
    if not match:
        server.kill()
        fail("msx serve printed no address: " + line)
    return server, match.group(1), int(match.group(2)), match.group(3)


def wait_for(condition, what, seconds=8):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if condition():
            return
        time.sleep(0.2)
    fail(what)


def browser(url, port):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By

    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1200,900"]:
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    base = f"http://127.0.0.1:{port}"
    try:
        driver.get(url)
        check(driver.current_url == base + "/", "the address with its token lands on the binder, the token out of the address")
        body = driver.find_element(By.TAG_NAME, "body").text
        check("Lamp" in body and "Sea" in body, "the binder lists the documents")
        driver.find_element(By.LINK_TEXT, "Lamp").click()
        versions = driver.find_elements(By.CSS_SELECTOR, "li.version")
        check(len(versions) >= 1 and "Lamp" in driver.title, f"the document's timeline shows its versions ({len(versions)})")
        lamp_id = urllib.parse.parse_qs(urllib.parse.urlparse(driver.current_url).query)["id"][0]

        driver.get(f"{base}/changes?id={lamp_id}&from=main&to=review/anna")
        inserted = " ".join(element.text for element in driver.find_elements(By.TAG_NAME, "ins"))
        check("dawn" in inserted, "the changes between two versions show as tracked changes")

        review = f"{base}/review/draft?name=review/anna"
        driver.get(review)
        first = driver.current_window_handle
        changes = driver.find_elements(By.CSS_SELECTOR, "div.change")
        check(len(changes) == 2, f"the review page shows the draft's two changes ({len(changes)})")
        driver.switch_to.new_window("tab")
        second = driver.current_window_handle
        driver.get(review)
        check(len(driver.find_elements(By.CSS_SELECTOR, "div.change")) == 2, "a second page shows them too")

        driver.switch_to.window(first)
        dawn = next(change for change in driver.find_elements(By.CSS_SELECTOR, "div.change") if "dawn" in change.text)
        dawn.find_element(By.CSS_SELECTOR, "button[name=accept]").click()
        wait_for(lambda: "till dawn" in lamp(), "accepting the change writes it into the file")
        check("till dawn" in lamp() and "burned all night" not in lamp() and "A gull cried." not in lamp(),
              "the file holds that change alone")
        driver.switch_to.window(second)
        wait_for(lambda: len(driver.find_elements(By.CSS_SELECTOR, "div.change")) == 1,
                 "the second page follows the file: one change left")
        print("ok: the second page follows the file")

        before = lamp()
        gull = driver.find_element(By.CSS_SELECTOR, "div.change")
        check("A gull cried." in gull.text, "the change left is the new paragraph")
        gull.find_element(By.CSS_SELECTOR, "button[name=reject]").click()
        wait_for(lambda: "A gull cried." not in git("show", "review/anna:contents/draft/lamp.md"),
                 "rejecting drops the change from the draft")
        check(lamp() == before, "rejecting leaves the working file as it was")

        msx("snapshot", "-m", "took anna's dawn")
        edited = lamp().replace("Nell watched it from the quay.", "Nell watched it from the window.")
        with open(LAMP, "w", encoding="utf-8") as file:
            file.write(edited)
        msx("snapshot", "-m", "the window")
        msx("merge", "other", expect=1)
        driver.get(base + "/conflicts")
        conflicts = driver.find_elements(By.CSS_SELECTOR, "div.conflict")
        check(len(conflicts) == 1 and "harbour wall" in conflicts[0].text, "the merge's conflict shows with both sides")
        conflicts[0].find_element(By.CSS_SELECTOR, "button[name=theirs]").click()
        wait_for(lambda: "harbour wall" in lamp(), "taking theirs writes their words into the file")
        check(lamp() == "The old lamp burned till dawn.\n\nNell watched it from the harbour wall.\n",
              "only theirs, in that place: the rest of the file as it was")
        wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, "button[name=record]"), "the page offers to record the merge")
        driver.find_element(By.CSS_SELECTOR, "button[name=record]").click()
        wait_for(lambda: len(git("log", "-1", "--format=%P").split()) == 2, "recording makes a version with both parents")
        print("ok: the merge is recorded")
    finally:
        driver.quit()


def request(port, method, path, host=None, cookie=None, origin=None, body=None, returning_body=False):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
    connection.putheader("Host", host or f"127.0.0.1:{port}")
    if cookie:
        connection.putheader("Cookie", cookie)
    if origin:
        connection.putheader("Origin", origin)
    if body is not None:
        data = body.encode()
        connection.putheader("Content-Type", "application/x-www-form-urlencoded")
        connection.putheader("Content-Length", str(len(data)))
        connection.endheaders(data)
    else:
        connection.endheaders()
    response = connection.getresponse()
    status = response.status
    content = response.read().decode("utf-8", "replace")
    headers = dict(response.getheaders())
    connection.close()
    if returning_body == "headers":
        return status, headers
    return (status, content) if returning_body else status


def security(port, token):
    cookie = f"msx-token-{port}={token}"
    check(request(port, "GET", "/", cookie=cookie) == 200, "the right host with the token is served")
    check(request(port, "GET", "/", host=f"localhost:{port}", cookie=cookie) == 200, "as localhost too")
    check(request(port, "GET", "/") == 403, "no token: refused")
    check(request(port, "GET", "/", cookie=f"msx-token-{port}={'0' * 64}") == 403, "a wrong token: refused")
    check(request(port, "GET", "/", host=f"rebind.example:{port}", cookie=cookie) == 421, "a wrong Host (DNS rebinding): refused")
    check(request(port, "GET", f"/?token={token}", host=f"rebind.example:{port}") == 421, "a wrong Host with the token: refused")
    for path in ["/../manuscript.json", "/%2e%2e/manuscript.json", "/review/..%2F..%2Fmanuscript.json", "/document/..\\manuscript.json"]:
        check(request(port, "GET", path, cookie=cookie) == 400, f"{path}: refused")
    before = lamp()
    form = f"token={token}&draft=review/anna&document=Lamp&change=1&decision=accept&back=/"
    check(request(port, "POST", "/review/decide", cookie=cookie, origin="http://evil.example", body=form) == 403,
          "a cross-origin POST: refused")
    check(request(port, "POST", "/review/decide", cookie=cookie, body=form) == 403, "a POST without Origin: refused")
    check(request(port, "POST", "/review/decide", cookie=cookie, origin=f"http://127.0.0.1:{port}",
                  body=form.replace(f"token={token}", "token=")) == 403, "a POST without the token in its form: refused")
    check(lamp() == before, "nothing refused changed the file")
    check(request(port, "POST", "/review/decide", cookie=cookie, origin=f"http://127.0.0.1:{port}", body=form) == 303,
          "the same POST from the server's own page is taken")
    check(lamp() != before, "and changes the file")
    origin = f"http://127.0.0.1:{port}"
    comment = json.loads(msx("comment", "Lamp", "--match", "lamp", "Check the tide tables.", "--json"))["comment"]["id"]
    for number, back in enumerate(["//evil.example/", "/%0d%0aSet-Cookie:%20stolen=1", "https://evil.example/", "/comments"]):
        reopen = "1" if number % 2 else ""
        form = f"token={token}&document=Lamp&id={comment}&reopen={reopen}&back={back}"
        status, headers = request(port, "POST", "/comments/resolve", cookie=cookie, origin=origin, body=form, returning_body="headers")
        expected = "/comments" if back == "/comments" else "/"
        check(status == 303 and headers.get("Location") == expected and "stolen" not in str(headers),
              f"a change sends the browser back only within the server, and sets no header ({back})")
    msx("rename", "Sea", "<script>alert(1)</script>")
    status, page = request(port, "GET", "/", cookie=cookie, returning_body=True)
    check(status == 200 and "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "<script>alert" not in page,
          "a title that is markup shows as text")
    status, script = request(port, "GET", "/app.js", cookie=cookie, returning_body=True)
    check(status == 200 and "/stamp" in script and "<script>" not in page.replace('<script src="/app.js"></script>', ""),
          "the pages' only script is served apart (the policy allows no inline script)")


def watching(port, token):
    cookie = f"msx-token-{port}={token}"

    def stamp():
        status, body = request(port, "GET", "/stamp", cookie=cookie, returning_body=True)
        check(status == 200, "the stamp is served")
        return body

    def moves(what, change):
        before = stamp()
        change()
        for _ in range(40):
            if stamp() != before:
                print(f"ok: {what}: the stamp moved")
                return
            time.sleep(0.05)
        fail(f"{what}: the stamp did not move")

    def stays(what, change):
        before = stamp()
        change()
        time.sleep(0.5)
        check(stamp() == before, f"{what}: the stamp stayed")

    def edit_in_place():
        with open(LAMP, "r+", encoding="utf-8") as file:
            text = file.read()
            file.seek(0)
            file.write(text.replace("lamp", "lantern", 1))

    def new_folder():
        os.makedirs(os.path.join(PROJECT, "contents/draft/part-two"))

    def file_in_new_folder():
        with open(os.path.join(PROJECT, "contents/draft/part-two/storm.md"), "w", encoding="utf-8") as file:
            file.write("A storm.\n")

    def read_pages():
        for page in ["/", "/stats", "/review", "/comments"]:
            request(port, "GET", page, cookie=cookie)

    def cache_write():
        os.makedirs(os.path.join(PROJECT, ".msx/cache"), exist_ok=True)
        with open(os.path.join(PROJECT, ".msx/cache/scratch-by-test"), "w", encoding="utf-8") as file:
            file.write("cache\n")

    if sys.platform.startswith("linux"):
        check(re.fullmatch(r"[0-9]+-[0-9]+", stamp().strip()) is not None, "the folders are watched (inotify), not read at each poll")
    stays("nothing changed", lambda: None)
    stays("pages read (msx writes its caches)", read_pages)
    stays("a cache written", cache_write)
    stays("git's index rewritten by git status", lambda: git("status", "--porcelain"))
    moves("a document edited in place by another editor", edit_in_place)
    moves("a folder made by hand", new_folder)
    moves("a file written in the folder made after the server started", file_in_new_folder)
    moves("a branch made by plain git", lambda: git("branch", "by-git"))
    moves("HEAD moved by plain git", lambda: git("checkout", "-q", "by-git"))
    moves("a version recorded by msx", lambda: msx("snapshot", "-m", "From the terminal"))


server, url, port, token = start_server()
try:
    if MODE == "browser":
        browser(url, port)
    elif MODE == "watching":
        watching(port, token)
    else:
        security(port, token)
finally:
    server.terminate()
    try:
        server.wait(5)
    except subprocess.TimeoutExpired:
        server.kill()
print("done")
