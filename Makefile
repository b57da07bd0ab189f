# msx developer tasks. Run `make help` for the list.

SWIFT ?= swift
SHELL := /bin/bash

# Path of the debug msx binary, evaluated by the shell when a recipe runs.
MSX_DEBUG = "$$($(SWIFT) build --show-bin-path)/msx"

.PHONY: help deps build release install uninstall test schema-check demo man man-check bench soak mutation completions clean

# Where `make install` puts msx (DESTDIR, when set, is prefixed for packaging).
PREFIX ?= /usr/local

help:
	@echo "make deps         install/check system libraries (libgit2, cmark-gfm, pkg-config)"
	@echo "make build        debug build"
	@echo "make release      optimised build, Swift runtime linked in (prints the binary's path)"
	@echo "make install      release build installed under PREFIX (default /usr/local): bin/msx, libexec/msx/msx-serve, man pages, completions"
	@echo "make uninstall    remove what make install put under PREFIX"
	@echo "make test         build and run the tests (MSX_TEST_SCALE=1 by default), then man-check, schema-check and check-vocabulary"
	@echo "make demo         scripted walk-through on a temporary project"
	@echo "make man          regenerate man/ from the command definitions"
	@echo "make man-check    fail if man/ is out of date"
	@echo "make bench        release build, then timings on a 1,000,000-word project"
	@echo "make soak         tests at MSX_TEST_SCALE=50, the kill -9 crash soak, the corruption soak and the mutation run"
	@echo "make mutation     plant small bugs one at a time and check the tests catch each (scripts/mutation-test.py)"
	@echo "make completions  regenerate completions/ (bash, zsh, fish)"
	@echo "make clean        remove build products"

# Where the static archives of libgit2 (and what it needs), libxml2 (with liblzma), zlib, cmark-gfm and libstdc++ are
# installed, every build links them instead of the shared libraries (scripts/static-linking.sh): each shared library
# costs every command its dynamic linking before main. Every swift the Makefile and its scripts run goes through
# scripts/swift-static.sh, which makes that choice when it runs (after `make deps` installed the archives on a fresh
# machine) and adds the flags libgit2's archives need; it runs the swift SWIFT names.
export MSX_SWIFT := $(SWIFT)
override SWIFT := $(CURDIR)/scripts/swift-static.sh

deps:
	@scripts/ensure-deps.sh

build: deps
	$(SWIFT) build

# The checks first, then the tests (one class per process, one process per core), whose last line is "N passed, N failed, N skipped".
test: deps
	@scripts/ensure-deps.sh --test
	$(SWIFT) build --build-tests
	$(MAKE) man-check
	$(MAKE) schema-check
	python3 scripts/check-vocabulary.py
	python3 scripts/generate-entities.py --check
	python3 scripts/generate-templates.py --check
	@python3 -c "import fontTools" 2>/dev/null || python3 -m pip install --quiet fonttools
	python3 scripts/generate-pdf-metrics.py --check
	MSX_TEST_SCALE=$${MSX_TEST_SCALE:-1} SWIFT=$(SWIFT) scripts/run-tests.sh

# Templates and the schemas in docs/schema/ must agree (needs Python's jsonschema, installed if missing).
schema-check:
	@python3 -c "import jsonschema" 2>/dev/null || python3 -m pip install --quiet jsonschema
	python3 scripts/validate-schemas.py

demo: deps build
	SWIFT=$(SWIFT) scripts/demo.sh

man: deps
	SWIFT=$(SWIFT) scripts/man.sh

man-check: deps
	SWIFT=$(SWIFT) scripts/man.sh --check

# Release builds link the Swift runtime and Foundation statically on Linux (macOS has them in the system): every
# command starts about 6 ms sooner.
RELEASE_FLAGS = -c release $(if $(filter Linux,$(shell uname -s)),--static-swift-stdlib,)

release: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product msx
	$(SWIFT) build $(RELEASE_FLAGS) --product msx-serve
	@if [ -n "$$(scripts/static-linking.sh)" ]; then scripts/static-linking.sh --check "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/msx"; fi
	@scripts/split-debug-info.sh "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/msx" "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/msx-serve"
	@echo "msx: $$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/msx"

# The binary carries its templates (scripts/generate-templates.py), so it works wherever it is installed or copied.
install: release
	@root="$(DESTDIR)$(PREFIX)"; bin="$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/msx"; \
	install -d "$$root/bin" "$$root/libexec/msx" "$$root/share/man/man1" "$$root/share/bash-completion/completions" \
		"$$root/share/zsh/site-functions" "$$root/share/fish/vendor_completions.d" && \
	install -m 755 "$$bin" "$$root/bin/msx" && \
	install -m 755 "$$bin-serve" "$$root/libexec/msx/msx-serve" && \
	install -m 644 man/*.1 "$$root/share/man/man1/" && \
	"$$root/bin/msx" --generate-completion-script bash > "$$root/share/bash-completion/completions/msx" && \
	"$$root/bin/msx" --generate-completion-script zsh > "$$root/share/zsh/site-functions/_msx" && \
	"$$root/bin/msx" --generate-completion-script fish > "$$root/share/fish/vendor_completions.d/msx.fish" && \
	echo "msx installed: $$root/bin/msx" && \
	case ":$$PATH:" in *":$$root/bin:"*) ;; *) echo "($$root/bin is not on your PATH: add it, or run $$root/bin/msx)";; esac

uninstall:
	@root="$(DESTDIR)$(PREFIX)"; \
	rm -f "$$root/bin/msx" "$$root/libexec/msx/msx-serve" "$$root/share/bash-completion/completions/msx" "$$root/share/zsh/site-functions/_msx" \
		"$$root/share/fish/vendor_completions.d/msx.fish" && \
	for page in man/*.1; do rm -f "$$root/share/man/man1/$${page#man/}"; done && \
	echo "msx removed from $$root"

bench: release
	SWIFT=$(SWIFT) scripts/bench.sh
	SWIFT=$(SWIFT) scripts/bench-history.sh
	SWIFT=$(SWIFT) scripts/bench-scaling.sh
	SWIFT=$(SWIFT) scripts/bench-diff.sh
	SWIFT=$(SWIFT) scripts/bench-compile.sh
	SWIFT=$(SWIFT) RELEASE_FLAGS="$(RELEASE_FLAGS)" scripts/bench-anchoring.sh
	SWIFT=$(SWIFT) RELEASE_FLAGS="$(RELEASE_FLAGS)" scripts/bench-merge.sh
	SWIFT=$(SWIFT) scripts/bench-import.sh
	SWIFT=$(SWIFT) scripts/bench-goals.sh

soak: deps
	MSX_TEST_SCALE=50 $(SWIFT) test
	@if [ -x scripts/crash-soak.sh ]; then \
		echo "SWIFT=$(SWIFT) scripts/crash-soak.sh"; \
		SWIFT=$(SWIFT) scripts/crash-soak.sh; \
	fi
	SWIFT=$(SWIFT) python3 scripts/corruption-soak.py
	SWIFT=$(SWIFT) python3 scripts/mutation-test.py

# Plants each mutation of scripts/mutation-test.py and expects the tests to catch it (part of make soak).
mutation: deps
	SWIFT=$(SWIFT) python3 scripts/mutation-test.py

completions: build
	mkdir -p completions
	msx=$(MSX_DEBUG); \
	for pair in bash:msx.bash zsh:_msx fish:msx.fish; do \
		shell=$${pair%%:*}; file=completions/$${pair#*:}; \
		"$$msx" --generate-completion-script "$$shell" > "$$file.tmp" && mv "$$file.tmp" "$$file" \
			|| { rm -f "$$file.tmp"; exit 1; }; \
		echo "wrote $$file"; \
	done

clean:
	rm -rf .build
