# osprey: the one entry point. `make run` and `make test` are all a user needs;
# both install missing Debian packages first (see sim/deps.sh).

.DEFAULT_GOAL := all
.SUFFIXES:
.DELETE_ON_ERROR:

BUILD  := build
OSPREY := $(BUILD)/osprey

# ---- host side: the model library and the programs built on it -------------
CC          ?= cc
HOST_CFLAGS := -std=c11 -O2 -g -Wall -Wextra -Wno-unused-parameter -D_GNU_SOURCE \
               -fno-strict-aliasing -MMD -MP -Imodel
HOST_LIBS    = -lelf
# The model is compiled for link-time optimization as well as normally: the
# simulator links with it (its hot paths cross files: hart, core, caches),
# while the many test programs link the plain code and build quickly. One
# partition lets the inliner see the whole model at once (1% fewer host
# instructions per simulated one; the link takes a second longer).
HOST_LTO    := -flto=auto -ffat-lto-objects -flto-partition=one
# The model's own hot paths gain a few percent from -O3 (make bench).
MODEL_OPT   := -O3

MODEL_SRC := $(sort $(shell find model -name '*.c'))
MODEL_OBJ := $(MODEL_SRC:%.c=$(BUILD)/host/%.o)
MODEL_LIB := $(BUILD)/libosprey.a

$(BUILD)/host/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(HOST_CFLAGS) -c $< -o $@

$(BUILD)/host/model/%.o: model/%.c
	@mkdir -p $(dir $@)
	$(CC) $(HOST_CFLAGS) $(MODEL_OPT) $(HOST_LTO) -c $< -o $@

$(MODEL_LIB): $(MODEL_OBJ)
	@rm -f $@
	ar rcs $@ $^

# osprey links the co-simulation checker and loads the RTL twins' Verilated
# models (build/rtl/*/twin.so) for --cosim and --rtl; the rule follows the
# fragments, which define the checker's library.
$(BUILD)/host/sim/osprey.o: HOST_CFLAGS += -Isim/cosim
$(BUILD)/host/sim/sim_cosim.o: HOST_CFLAGS += -Isim/cosim -DOSPREY_RTL_DIR='"$(abspath $(BUILD))/rtl"'

-include $(shell find $(BUILD)/host -name '*.d' 2>/dev/null)

# ---- guest side: the cross toolchain for everything under firmware/ and tests/
# Multilib selection does not know the _zicsr_zifencei suffixes, so libgcc is
# looked up with the plain rv32ima name.
FW_CROSS   := riscv64-unknown-elf-
FW_CC      := $(FW_CROSS)gcc
FW_OBJDUMP := $(FW_CROSS)objdump
FW_ARCH    := -march=rv32ima_zicsr_zifencei -mabi=ilp32
# The checkout's path is left out of the debug information
# (-ffile-prefix-map, and for assembly files the assembler's
# --debug-prefix-map): the user programs go into the workloads' disk images
# whole, so their size, and with it the images' layout and every workload's
# counts, would otherwise depend on where the tree lies.
FW_CFLAGS  := $(FW_ARCH) -mcmodel=medany -ffreestanding -fno-builtin -nostdlib \
              -nostartfiles -fno-pic -O2 -g -Wall -Wextra -ffile-prefix-map=$(CURDIR)=. \
              -Wa,--debug-prefix-map=$(CURDIR)=.
FW_LIBGCC   = $(shell $(FW_CC) -march=rv32ima -mabi=ilp32 -print-libgcc-file-name)

# The reference: QEMU's virt board with the same extensions as osprey (no C, F, D, H,
# and none of the bit manipulation, Sstc and Svinval that QEMU 7.2 turns on by default:
# random code, test-qemu-diff's, may hold any word).
QEMU       := qemu-system-riscv32
QEMU_OFF   := zba=false,zbb=false,zbc=false,zbs=false,sstc=false,svinval=false
QEMU_FLAGS := -M virt -bios none -nographic -cpu rv32,c=false,f=false,d=false,h=false,$(QEMU_OFF)

# Each fragment adds its test targets to TEST_TARGETS and its long runs to
# their own targets.
TEST_TARGETS :=
include firmware/firmware.mk
include firmware/user/user.mk
include sim/layout/layout.mk
include firmware/kernel/kernel.mk
include tests/unit/unit.mk
include tests/isa/isa.mk
include tests/penv/penv.mk
include tests/gdb/gdb.mk
include tests/diff/diff.mk
include tests/robust/robust.mk
include tests/hand/hand.mk
include tests/cache/cache.mk
include tests/timing/timing.mk
include tests/cosim/cosim.mk
include tests/kernel/kernel-tests.mk
include tests/layout/layout-tests.mk
include tests/hpm/hpm.mk
include tests/asym/asym.mk
include tests/cli/cli.mk
include tests/observe/observe.mk
include tests/fuzz/fuzz.mk
include tests/coherence/coherence.mk
include tests/sweep/sweep.mk
include tests/dma/dma.mk
include tests/quanta/quanta.mk
include tests/ahead/ahead.mk
include tests/bench/bench.mk
include sim/area/area.mk
include sim/sweep/sweep.mk
include tests/osweep/osweep.mk
include experiments/experiments.mk

# The live view (sim/view.c) opens its window with SDL2; its snapshots need no display.
OSPREY_OBJ := $(addprefix $(BUILD)/host/sim/,osprey.o sim_cosim.o outfile.o gdb.o \
	view.o render.o font.o png.o)
OSPREY_LIBS := -lSDL2 -lm -pthread

$(OSPREY): $(OSPREY_OBJ) $(MODEL_LIB) $(COSIM_LIB)
	$(CC) $(HOST_CFLAGS) $(HOST_LTO) -o $@ $(OSPREY_OBJ) $(COSIM_LIB) $(MODEL_LIB) $(HOST_LIBS) \
		$(COSIM_SYSLIBS) $(OSPREY_LIBS)

# ---- the user's targets -----------------------------------------------------
.PHONY: all deps deps-test deps-cosim run test bench clean run-built test-built run-demo \
	run-demo-built cosim cosim-built

all: $(OSPREY) $(DEMO_ELF) $(TWIN_DEFAULT) $(TWIN_MADE)

deps:
	@sh sim/deps.sh run
deps-test:
	@sh sim/deps.sh test
deps-cosim:
	@sh sim/deps.sh cosim

# The long co-simulation runs: every twin's unit lockstep (10M cycles per
# geometry and program), then system shadow and replace (--cosim=all,
# --rtl=all) of the whole demo and 20M cycles of the kernel's shell workload
# on 4 harts, compared with the C run.
cosim: deps-cosim
	@$(MAKE) --no-print-directory cosim-built
cosim-built: lint-rtl synth-rtl
	@$(MAKE) --no-print-directory cosim-unit-long
	@$(MAKE) --no-print-directory cosim-system-long

# A sub-make runs after the packages are in, so that nothing that needs the
# cross toolchain is evaluated before it is installed.
# `make run` boots the kernel on 4 harts in timing mode (default preset) and
# runs WORKLOAD (default: shell); `make run-demo` runs the bare-metal demo.
run: deps
	@$(MAKE) --no-print-directory run-built
run-built: $(OSPREY) kernel
	$(OSPREY) --cores 4 --disk $(DISK_IMG) $(KERNEL_ELF)
run-demo: deps
	@$(MAKE) --no-print-directory run-demo-built
run-demo-built: $(OSPREY) $(DEMO_ELF)
	$(OSPREY) --cores 4 $(DEMO_ELF)

test: deps-test
	@$(MAKE) --no-print-directory test-built
test-built: $(TEST_TARGETS)
	@echo "make test: all suites passed"

# ---- bench: simulated instructions per host second -------------------------
BENCH_DIR := $(BUILD)/firmware/bench
BENCH_SRC := firmware/bench/start.S firmware/bench/bench.c

# bench_cc DEFINES: the compute loop built into $@ with DEFINES
bench_cc = $(FW_CC) $(FW_CFLAGS) $(1) -T firmware/bench/link.ld -o $@ $(BENCH_SRC) $(FW_LIBGCC)

$(BENCH_DIR)/bench-%h.elf: $(BENCH_SRC) firmware/bench/link.ld
	@mkdir -p $(dir $@)
	$(call bench_cc,-DBENCH_HARTS=$*)

# The compute loop ten times as long, for functional mode's figures.
$(BENCH_DIR)/bench-%h-long.elf: $(BENCH_SRC) firmware/bench/link.ld
	@mkdir -p $(dir $@)
	$(call bench_cc,-DBENCH_HARTS=$* -DROUNDS=20000)

# The compute loop on 4 harts that all compute the same values (bench.c).
$(BENCH_DIR)/bench-4h-same.elf: $(BENCH_SRC) firmware/bench/link.ld
	@mkdir -p $(dir $@)
	$(call bench_cc,-DBENCH_HARTS=4 -DBENCH_SAME_DATA=1)

# The single-hart sieve that runs on QEMU too (sim/bench.sh compares the speeds).
$(BENCH_DIR)/sieve.elf: firmware/bench/start.S firmware/bench/sieve.c firmware/bench/link.ld
	@mkdir -p $(dir $@)
	$(FW_CC) $(FW_CFLAGS) -T firmware/bench/link.ld -Wl,--no-warn-rwx-segments -o $@ \
		firmware/bench/start.S \
		firmware/bench/sieve.c $(FW_LIBGCC)

bench: deps
	@$(MAKE) --no-print-directory bench-built
$(BENCH_DIR)/idle.elf: firmware/bench/idle.S firmware/bench/link.ld
	@mkdir -p $(dir $@)
	$(FW_CC) $(FW_CFLAGS) -T firmware/bench/link.ld -Wl,--no-warn-rwx-segments -o $@ $<

bench-built: $(OSPREY) $(BENCH_DIR)/bench-1h.elf $(BENCH_DIR)/bench-4h.elf $(BENCH_DIR)/bench-4h-same.elf \
	     $(BENCH_DIR)/bench-1h-long.elf $(BENCH_DIR)/bench-4h-long.elf \
	     $(BENCH_DIR)/idle.elf \
	     $(BENCH_DIR)/sieve.elf $(DEMO_ELF) $(KERNEL_ELF) $(WL_DIR)/shell.img \
	     $(COSIM_OUT)/test_twin_lockstep $(TWIN_DEFAULT)
	@QEMU="$(QEMU) $(QEMU_FLAGS)" sh sim/bench.sh $(OSPREY) $(BENCH_DIR) $(DEMO_ELF) \
		$(KERNEL_ELF) $(WL_DIR)/shell.img $(BUILD)/bench.json $(COSIM_OUT)/test_twin_lockstep \
		$(RTL_OUT)

# Two bench runs' figures side by side: make bench-compare OLD=old.json
# [NEW=build/bench.json] (sim/bench-compare.sh).
.PHONY: bench-compare
bench-compare:
	@[ -n "$(OLD)" ] || { echo "make bench-compare: say which run to compare with: OLD=path/to/old/bench.json [NEW=$(BUILD)/bench.json]" >&2; exit 2; }
	@sh sim/bench-compare.sh "$(OLD)" "$(or $(NEW),$(BUILD)/bench.json)"

# The measurement behind sys.quantum's default (README, Harts in quanta):
# functional mode's speed and its distance from quantum 1, per quantum.
.PHONY: measure-quantum measure-quantum-built
measure-quantum: deps
	@$(MAKE) --no-print-directory measure-quantum-built
measure-quantum-built: $(OSPREY) $(BENCH_DIR)/bench-1h.elf $(BENCH_DIR)/bench-4h.elf $(KERNEL_ELF) \
		       $(WL_DIR)/shell.img $(WL_DIR)/make.img $(WL_DIR)/fsck-numeric.img \
		       $(WL_DIR)/numeric-make.img
	@sh sim/quantum-sweep.sh $(OSPREY) $(BENCH_DIR) $(KERNEL_ELF) $(WL_DIR) $(QUANTA)

# A speed change computes the same: outputs and --stats of this build and of
# BASE (an osprey binary kept from before the change) compared byte for byte.
.PHONY: stats-check
stats-check: $(OSPREY) $(DEMO_ELF) $(KERNEL_ELF) $(WL_DIR)/shell.img $(BENCH_DIR)/bench-4h.elf
	@test -n "$(BASE)" || { echo "make stats-check needs BASE=path/to/old/osprey" >&2; exit 2; }
	@sh sim/stats-check.sh $(BASE) $(OSPREY) $(DEMO_ELF) $(KERNEL_ELF) $(WL_DIR)/shell.img \
		$(BENCH_DIR)/bench-4h.elf

# The same in combination: N random configurations (SEED) of the supports and
# the geometry, on the demo and slices of the kernel's workload, timing mode.
.PHONY: stats-combo
stats-combo: $(OSPREY) $(DEMO_ELF) $(KERNEL_ELF) $(WL_DIR)/shell.img
	@test -n "$(BASE)" || { echo "make stats-combo needs BASE=path/to/old/osprey" >&2; exit 2; }
	@sh sim/stats-combo.sh $(BASE) $(OSPREY) $(DEMO_ELF) $(KERNEL_ELF) $(WL_DIR)/shell.img \
		$(or $(N),40) $(or $(SEED),1)

clean:
	rm -rf $(BUILD)
