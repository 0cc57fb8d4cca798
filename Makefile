# Deadline servers for Linux 6.1 LTS: build, boot, test and measure the
# patch series of patches/.  See README.md.

SHELL := /bin/bash
CONFIG ?= test
DEBUG_CONFIG ?= test+debug+rtgroup
SMP ?= 2
VMARGS ?=
KERNEL ?= build/out/$(CONFIG)/arch/x86/boot/bzImage
FORCE ?= 0

REPS ?= 3
QUICK ?= 0
BENCHARGS ?=
SOAK_SECONDS ?= 600
SOAK_DL ?= 1

.PHONY: all run check bench soak deps base tree export status build initramfs demo shell \
	tooling-test clean distclean help

all: help

help:
	@echo 'make run     build the patched kernel, boot it in QEMU, run the demonstration'
	@echo 'make check   the whole test suite; ends with "N passed, N failed"'
	@echo 'make tree    create/refresh build/linux (base + series), FORCE=1 to discard work'
	@echo 'make export  write build/linux commits base..HEAD to patches/'
	@echo 'make status  does build/linux hold work that patches/ lacks?'
	@echo 'make build   build CONFIG (default test; e.g. CONFIG=test+debug)'
	@echo 'make shell   boot CONFIG into an interactive shell'
	@echo 'make bench   patched vs stock 6.1 in QEMU (REPS=3, QUICK=1, BENCHARGS="-k name=bzImage")'
	@echo 'make soak    everything at once: debug kernel -smp 2 and 4, KASAN+UBSAN kernel shorter'
	@echo '             (SOAK_SECONDS=600, SOAK_DL=1, SOAK_RUNS="debug:2 debug:4 kasan:2")'

deps:
	scripts/deps

base: deps
	scripts/base

tree: base
	scripts/tree $(if $(filter 1,$(FORCE)),--force)

export:
	scripts/export

status:
	scripts/series-status

build: tree
	scripts/build $(CONFIG)

initramfs: tree
	scripts/initramfs

demo:
	scripts/vm -k $(KERNEL) -s $(SMP) -r demo $(VMARGS)

run: build initramfs
	scripts/vm -k $(KERNEL) -s $(SMP) -r demo $(VMARGS)

shell: build initramfs
	scripts/vm -k $(KERNEL) -s $(SMP) --interactive $(VMARGS)

check:
	DEBUG_CONFIG=$(DEBUG_CONFIG) scripts/check

soak: tree
	SOAK_SECONDS=$(SOAK_SECONDS) SOAK_DL=$(SOAK_DL) $(if $(SOAK_RUNS),SOAK_RUNS="$(SOAK_RUNS)") scripts/soak

bench: deps
	bench/run -r $(REPS) $(if $(filter 1,$(QUICK)),-q) $(BENCHARGS)

tooling-test: tree
	tests/run

clean:
	rm -rf build/out build/logs build/tooling build/initramfs* build/kselftest-build

distclean:
	rm -rf build
