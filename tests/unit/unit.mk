# tests/unit/unit.mk: cmocka unit tests that drive the model library directly.
# Included by the top Makefile.
#
#   make test-unit                          every tests/unit/test_*.c program
#   make test-unit UNIT="test_alu test_mmu" only the named programs
#   make test-unit UNIT_FILTER='test_sc_*'  only the tests matching a glob
#
# Each tests/unit/test_AREA.c links with rig.c (the shared harness, unit.h) into
# $(BUILD)/tests/unit/test_AREA. The tests of the input parsers (UNIT_SAN_ALL)
# are also built with AddressSanitizer and UndefinedBehaviorSanitizer, as
# test_AREA-san, and run after the plain programs: on untrusted input a
# misaligned read or an overflow must fail a test even where the host forgives
# it. The target fails when any program fails.

UNIT_DIR    := tests/unit
UNIT_OUT    := $(BUILD)/tests/unit
UNIT_ALL    := $(sort $(notdir $(basename $(wildcard $(UNIT_DIR)/test_*.c))))
UNIT        ?= $(UNIT_ALL)
UNIT_BINS   := $(UNIT_ALL:%=$(UNIT_OUT)/%)
UNIT_CFLAGS  = $(HOST_CFLAGS) -I$(UNIT_DIR)
UNIT_LIBS    = -lcmocka $(HOST_LIBS)
UNIT_FILTER ?=
UNIT_SAN_ALL  := test_elf test_config
UNIT_SAN       = $(filter $(UNIT_SAN_ALL),$(UNIT))
UNIT_SAN_BINS := $(UNIT_SAN_ALL:%=$(UNIT_OUT)/%-san)
UNIT_SAN_FLAGS := -O1 -fsanitize=address,undefined -fno-sanitize-recover=undefined \
		  -fno-omit-frame-pointer

$(UNIT_OUT)/%.o: $(UNIT_DIR)/%.c
	@mkdir -p $(dir $@)
	$(CC) $(UNIT_CFLAGS) -c $< -o $@

$(UNIT_OUT)/test_%: $(UNIT_OUT)/test_%.o $(UNIT_OUT)/rig.o $(MODEL_LIB)
	$(CC) $(UNIT_CFLAGS) -o $@ $^ $(UNIT_LIBS)

# test_view also tests the simulator's PNG writer and font, read back with zlib.
$(UNIT_OUT)/test_view: $(BUILD)/host/sim/png.o $(BUILD)/host/sim/font.o
$(UNIT_OUT)/test_view: UNIT_LIBS += -lz

.PRECIOUS: $(UNIT_OUT)/%.o

# Built from the sources in one step, the model with them (no -MMD: the headers
# are listed instead).
$(UNIT_SAN_BINS): $(UNIT_OUT)/%-san: $(UNIT_DIR)/%.c $(UNIT_DIR)/rig.c $(MODEL_SRC) \
			$(UNIT_DIR)/unit.h $(shell find model -name '*.h')
	@mkdir -p $(dir $@)
	$(CC) $(filter-out -MMD -MP,$(UNIT_CFLAGS)) $(UNIT_SAN_FLAGS) -o $@ $(filter %.c,$^) \
		$(UNIT_LIBS)

.PHONY: test-unit unit-build
unit-build: $(UNIT_BINS) $(UNIT_SAN_BINS)

# Every program runs even after a failure; the target fails if any did.
test-unit: $(UNIT:%=$(UNIT_OUT)/%) $(UNIT_SAN:%=$(UNIT_OUT)/%-san)
	@failed=""; \
	for t in $(UNIT) $(UNIT_SAN:%=%-san); do \
		echo "== $$t"; \
		UNIT_FILTER='$(UNIT_FILTER)' $(UNIT_OUT)/$$t || failed="$$failed $$t"; \
	done; \
	if [ -n "$$failed" ]; then echo "test-unit: FAILED:$$failed"; exit 1; fi; \
	echo "test-unit: all programs passed"

TEST_TARGETS += test-unit

-include $(wildcard $(UNIT_OUT)/*.d)
