# tests/fuzz/fuzz.mk: libFuzzer harnesses, one per input parser, built with
# clang (Debian's clang-14) and AddressSanitizer + UndefinedBehaviorSanitizer.
# Included by the top Makefile after the fragments whose ELFs seed them.
#
#   make fuzz                     each harness for FUZZ_SECONDS (default 300) on its
#                                 corpus under build/fuzz/corpus/, which grows run by run
#   make fuzz FUZZ=elf            only the named harnesses (elf, config, disk, gdb, layout)
#   make test-fuzz                the short run of make test: FUZZ_TEST_SECONDS (10)
#                                 each, fixed seed, from the seeds alone
#
# Each prints one line: executions, executions per second, findings. Findings
# (the inputs that crashed, hung, leaked or broke a harness's checks) land in
# build/fuzz/findings/NAME/; rerun one with build/fuzz/fuzz_NAME FILE.
#
# Seeds: the ELF loader's are the test ELFs and the kernel, debug info
# stripped, copied at build time; the disk loader's, the first 4 KiB of the
# kernel's disk image and an empty file; the configuration parser's, the
# hand-written files of tests/fuzz/seeds/config/ and the presets as
# --print-config writes them; the GDB stub's, the sessions of
# tests/fuzz/seeds/gdb/ (packet bodies, one a line); the layout tool's
# assembly reader's, the kernel's C files compiled to assembly.

FUZZ_CC      := clang
FUZZ_DIR     := tests/fuzz
FUZZ_OUT     := $(BUILD)/fuzz
FUZZ_ALL     := elf config disk gdb layout
FUZZ         ?= $(FUZZ_ALL)
FUZZ_SECONDS ?= 300
FUZZ_TEST_SECONDS ?= 10
FUZZ_CFLAGS  := -std=c11 -O1 -g -Wall -Wextra -Wno-unused-parameter -D_GNU_SOURCE \
		-fno-strict-aliasing -Imodel -fno-omit-frame-pointer \
		-fsanitize=address,undefined -fno-sanitize-recover=undefined
FUZZ_LIB     := $(FUZZ_OUT)/libosprey-fuzz.a
FUZZ_OBJ     := $(MODEL_SRC:%.c=$(FUZZ_OUT)/obj/%.o)
FUZZ_BINS    := $(FUZZ_ALL:%=$(FUZZ_OUT)/fuzz_%)
# libFuzzer options of every run: a hang is an input that takes 10 s.
FUZZ_OPTS    := -timeout=10
# Longer lines than any seed's, so that config_load meets them.
FUZZ_OPTS_config := -max_len=8192

# The model, instrumented for coverage (libFuzzer links only into the harnesses).
$(FUZZ_OUT)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -MMD -MP -c $< -o $@

$(FUZZ_LIB): $(FUZZ_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(FUZZ_OUT)/fuzz_%: $(FUZZ_DIR)/fuzz_%.c $(FUZZ_DIR)/fuzz.h $(FUZZ_LIB)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -I$(FUZZ_DIR) -o $@ $< $(FUZZ_LIB) $(HOST_LIBS)

# ---- seeds, generated from built files (nothing generated is committed) -----
FUZZ_SEED_ELFS := $(ISA_ELFS) $(DIFF_ELFS) $(HAND_ELFS) $(KERNEL_ELF)

# Each directory is made whole by one rule; NAME.stamp says it is complete.
$(FUZZ_OUT)/seeds/elf.stamp: $(FUZZ_SEED_ELFS)
	@rm -rf $(FUZZ_OUT)/seeds/elf && mkdir -p $(FUZZ_OUT)/seeds/elf
	@for f in $(FUZZ_SEED_ELFS); do \
		$(FW_CROSS)strip --strip-debug \
			-o $(FUZZ_OUT)/seeds/elf/$$(basename $$(dirname $$f))-$$(basename $$f) $$f \
			|| exit 1; \
	done
	@touch $@

$(FUZZ_OUT)/seeds/disk.stamp: $(DISK_IMG)
	@rm -rf $(FUZZ_OUT)/seeds/disk && mkdir -p $(FUZZ_OUT)/seeds/disk
	head -c 4096 $(DISK_IMG) > $(FUZZ_OUT)/seeds/disk/disk-head.img
	: > $(FUZZ_OUT)/seeds/disk/empty.img
	@touch $@

$(FUZZ_OUT)/seeds/config.stamp: $(OSPREY) $(wildcard $(FUZZ_DIR)/seeds/config/*)
	@rm -rf $(FUZZ_OUT)/seeds/config && mkdir -p $(FUZZ_OUT)/seeds/config
	cp $(FUZZ_DIR)/seeds/config/* $(FUZZ_OUT)/seeds/config/
	$(OSPREY) --print-config > $(FUZZ_OUT)/seeds/config/default.cfg
	$(OSPREY) --preset modern --print-config > $(FUZZ_OUT)/seeds/config/modern.cfg
	@touch $@

$(FUZZ_OUT)/seeds/gdb.stamp: $(wildcard $(FUZZ_DIR)/seeds/gdb/*)
	@rm -rf $(FUZZ_OUT)/seeds/gdb && mkdir -p $(FUZZ_OUT)/seeds/gdb
	cp $(FUZZ_DIR)/seeds/gdb/* $(FUZZ_OUT)/seeds/gdb/
	@touch $@

$(FUZZ_OUT)/seeds/layout.stamp: $(KERNEL_DIR)/proc.c $(KERNEL_DIR)/printf.c $(KERNEL_DIR)/trap.c
	@rm -rf $(FUZZ_OUT)/seeds/layout && mkdir -p $(FUZZ_OUT)/seeds/layout
	for f in $^; do $(FW_CC) $(filter-out -MMD -MP,$(KERNEL_CFLAGS)) -g0 -S $$f \
		-o $(FUZZ_OUT)/seeds/layout/$$(basename $$f .c).s || exit 1; done
	@touch $@

# The layout tool's reader is the program's (sim/layout/asm.c), which the harness includes.
$(FUZZ_OUT)/fuzz_layout: sim/layout/asm.c sim/layout/asm.h

# The GDB stub's handler is the program's (sim/gdb.c), which the harness includes.
$(FUZZ_OUT)/fuzz_gdb: sim/gdb.c sim/gdb.h

FUZZ_SEEDS := $(FUZZ_ALL:%=$(FUZZ_OUT)/seeds/%.stamp)

.PHONY: fuzz fuzz-built fuzz-build test-fuzz
fuzz-build: $(FUZZ_BINS) $(FUZZ_SEEDS)

# One harness's run: $(call fuzz_run,NAME,LOG,CORPUS,OPTIONS); every harness
# runs even after a finding, and the recipe fails at the end if any found one.
fuzz_run = sh $(FUZZ_DIR)/run.sh $(1) $(FUZZ_OUT)/fuzz_$(1) $(FUZZ_OUT)/findings/$(1) \
	$(FUZZ_OUT)/log/$(2).log $(FUZZ_OPTS) $(FUZZ_OPTS_$(1)) $(4) \
	$(3) $(FUZZ_OUT)/seeds/$(1) || failed="$$failed $(1)";

# As make test: the packages first (clang, the cross toolchain for the seeds),
# then a sub-make that can use them.
fuzz: deps-test
	@$(MAKE) --no-print-directory fuzz-built

# The long runs keep what they learn in build/fuzz/corpus/NAME (new inputs
# are written to the first corpus directory given).
fuzz-built: fuzz-build
	@failed=""; \
	$(foreach h,$(FUZZ),mkdir -p $(FUZZ_OUT)/corpus/$(h); \
		$(call fuzz_run,$(h),$(h),$(FUZZ_OUT)/corpus/$(h),-max_total_time=$(FUZZ_SECONDS))) \
	if [ -n "$$failed" ]; then echo "fuzz: findings in:$$failed"; exit 1; fi

# The run of make test: from the seeds alone (a fresh scratch corpus), with a
# fixed seed, so that it does not depend on what earlier long runs found.
test-fuzz: fuzz-build
	@failed=""; \
	$(foreach h,$(FUZZ_ALL),rm -rf $(FUZZ_OUT)/test-corpus/$(h); \
		mkdir -p $(FUZZ_OUT)/test-corpus/$(h); \
		$(call fuzz_run,$(h),test-$(h),$(FUZZ_OUT)/test-corpus/$(h), \
			-seed=1 -max_total_time=$(FUZZ_TEST_SECONDS))) \
	if [ -n "$$failed" ]; then echo "test-fuzz: FAILED:$$failed"; exit 1; fi; \
	echo "test-fuzz: no findings"
TEST_TARGETS += test-fuzz

-include $(shell find $(FUZZ_OUT)/obj -name '*.d' 2>/dev/null)
