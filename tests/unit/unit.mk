# tests/unit/unit.mk: cmocka unit tests that drive the model library directly.
# Included by the top Makefile.
#
#   make test-unit                          every tests/unit/test_*.c program
#   make test-unit UNIT="test_alu test_mmu" only the named programs
#   make test-unit UNIT_FILTER='test_sc_*'  only the tests matching a glob
#
# Each tests/unit/test_AREA.c links with rig.c (the shared harness, unit.h) into
# $(BUILD)/tests/unit/test_AREA. The target fails when any program fails.

UNIT_DIR    := tests/unit
UNIT_OUT    := $(BUILD)/tests/unit
UNIT_ALL    := $(sort $(notdir $(basename $(wildcard $(UNIT_DIR)/test_*.c))))
UNIT        ?= $(UNIT_ALL)
UNIT_BINS   := $(UNIT_ALL:%=$(UNIT_OUT)/%)
UNIT_CFLAGS  = $(HOST_CFLAGS) -I$(UNIT_DIR)
UNIT_LIBS    = -lcmocka $(HOST_LIBS)
UNIT_FILTER ?=

$(UNIT_OUT)/%.o: $(UNIT_DIR)/%.c
	@mkdir -p $(dir $@)
	$(CC) $(UNIT_CFLAGS) -c $< -o $@

$(UNIT_OUT)/test_%: $(UNIT_OUT)/test_%.o $(UNIT_OUT)/rig.o $(MODEL_LIB)
	$(CC) $(UNIT_CFLAGS) -o $@ $^ $(UNIT_LIBS)

.PRECIOUS: $(UNIT_OUT)/%.o

.PHONY: test-unit unit-build
unit-build: $(UNIT_BINS)

# Every program runs even after a failure; the target fails if any did.
test-unit: $(UNIT:%=$(UNIT_OUT)/%)
	@failed=""; \
	for t in $(UNIT); do \
		echo "== $$t"; \
		UNIT_FILTER='$(UNIT_FILTER)' $(UNIT_OUT)/$$t || failed="$$failed $$t"; \
	done; \
	if [ -n "$$failed" ]; then echo "test-unit: FAILED:$$failed"; exit 1; fi; \
	echo "test-unit: all programs passed"

TEST_TARGETS += test-unit

-include $(wildcard $(UNIT_OUT)/*.d)
