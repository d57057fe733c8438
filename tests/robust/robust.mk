# tests/robust: random guests must never crash, abort or hang the model,
# under the default machine and under ROBUST_CONFIGS random valid
# configurations (tests/sweep/randcfg, seeds from ROBUST_SEED, hart counts 1
# to 4 by turns). The same test also runs on a build of the model with
# AddressSanitizer and UndefinedBehaviorSanitizer, which turn silent memory
# errors into failures, under the first ROBUST_SAN_CONFIGS of them.
ROBUST_BIN  := $(BUILD)/tests/robust/random_guest
ROBUST_SAN  := $(BUILD)/tests/robust/random_guest-san
ROBUST_CONFIGS     ?= 60
ROBUST_SAN_CONFIGS ?= 12
ROBUST_SEED        ?= 5000
ROBUST_CFG_DIR     := $(BUILD)/tests/robust/configs
SAN_FLAGS   := -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer

$(ROBUST_BIN): tests/robust/random_guest.c tests/robust/soup.h $(MODEL_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(HOST_CFLAGS) -o $@ $< $(MODEL_LIB) -lcmocka $(HOST_LIBS)

# The soup as an ELF for the command line (tests/cosim/system.sh):
# soup-SEED-HARTS.elf.
SOUP_ELF_TOOL := $(BUILD)/tests/robust/soup_elf

$(SOUP_ELF_TOOL): tests/robust/soup_elf.c tests/robust/soup.h
	@mkdir -p $(dir $@)
	$(CC) $(HOST_CFLAGS) -o $@ $<

$(BUILD)/tests/robust/soup-%.elf: $(SOUP_ELF_TOOL)
	$(SOUP_ELF_TOOL) $(word 1,$(subst -, ,$*)) $(word 2,$(subst -, ,$*)) $@

$(ROBUST_SAN): tests/robust/random_guest.c tests/robust/soup.h $(MODEL_SRC)
	@mkdir -p $(dir $@)
	$(CC) $(filter-out -MMD -MP,$(HOST_CFLAGS)) -O1 $(SAN_FLAGS) -o $@ $(filter %.c,$^) -lcmocka \
		$(HOST_LIBS)

# The configurations, drawn afresh each run (some 15 seconds for 60: randcfg
# makes many draws for each valid one): N.cfg from seed
# ROBUST_SEED + N, with N % 4 + 1 harts and the test's 1 MiB of RAM.
define robust_draw
	rm -rf $(1) && mkdir -p $(1)
	for n in $$(seq 1 $(2)); do \
		$(BUILD)/tests/sweep/randcfg $$(($(ROBUST_SEED) + n)) sys.cores=$$((n % 4 + 1)) \
			sys.mem_size=1048576 >$(1)/$$n.cfg || exit 1; \
	done
endef

.PHONY: test-robust
test-robust: $(ROBUST_BIN) $(ROBUST_SAN) $(BUILD)/tests/sweep/randcfg
	$(call robust_draw,$(ROBUST_CFG_DIR),$(ROBUST_CONFIGS))
	$(ROBUST_BIN) $(ROBUST_CFG_DIR)
	$(call robust_draw,$(ROBUST_CFG_DIR)-san,$(ROBUST_SAN_CONFIGS))
	$(ROBUST_SAN) $(ROBUST_CFG_DIR)-san
TEST_TARGETS += test-robust

# Random code against the reference: portable soups (soup_elf --portable,
# one hart, only what osprey and QEMU define alike) run on QEMU and on
# osprey in both modes, compared instruction by instruction: the pc and all
# 32 registers before each, each trap's cause, epc and tval
# (tests/robust/qemu_diff.py), up to QDIFF_INSNS instructions each; a walk
# ends early, with no verdict, where the machines differ by design (a jump
# to where QEMU has a device and osprey none, say). Under a second an ELF
# and mode (16 ELFs, both modes: about 25 s).
#   make test-qemu-diff QDIFF_SEEDS="$$(seq 1 500)"   more of them
QDIFF_SEEDS ?= $(shell seq 1 16)
QDIFF_INSNS ?= 20000
QDIFF_MIN   ?= 150000
QDIFF_ELFS   = $(QDIFF_SEEDS:%=$(BUILD)/tests/robust/portable-%.elf)

$(BUILD)/tests/robust/portable-%.elf: $(SOUP_ELF_TOOL)
	$(SOUP_ELF_TOOL) --portable $* 1 $@

.PHONY: test-qemu-diff
test-qemu-diff: $(OSPREY) $(QDIFF_ELFS)
	for mode in functional timing; do \
		python3 tests/robust/qemu_diff.py --mode $$mode --insns $(QDIFF_INSNS) \
			--min-total $(QDIFF_MIN) $(OSPREY) "$(QEMU) $(QEMU_FLAGS)" $(QDIFF_ELFS) || exit 1; \
	done
TEST_TARGETS += test-qemu-diff
