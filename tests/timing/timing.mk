# tests/timing: cmocka tests of the timing units (event calendar, memory
# controller, bus, L1, L2 and MESI, core pipeline, branch predictor), each
# unit wrapped in mock neighbours and stepped cycle by cycle. Included by the
# top Makefile.
#
#   make test-timing                                 every tests/timing/test_*.c program
#   make test-timing TIMING="test_bus test_mesi"     only the named programs
#   make test-timing TIMING_FILTER='test_busrd_*'    only the tests matching a glob
#
# Each tests/timing/test_AREA.c links with tsys.c (the core-less memory system,
# tsys.h) and tests/unit/rig.c (harts on a small RAM, unit.h) into
# $(BUILD)/tests/timing/test_AREA. The target fails when any program fails.

TIMING_DIR    := tests/timing
TIMING_OUT    := $(BUILD)/tests/timing
TIMING_ALL    := $(sort $(notdir $(basename $(wildcard $(TIMING_DIR)/test_*.c))))
TIMING        ?= $(TIMING_ALL)
TIMING_CFLAGS  = $(HOST_CFLAGS) -I$(TIMING_DIR) -Itests/unit
TIMING_LIBS    = $(MODEL_LIB) -lcmocka $(HOST_LIBS)
TIMING_FILTER ?=

$(TIMING_OUT)/%.o: $(TIMING_DIR)/%.c
	@mkdir -p $(dir $@)
	$(CC) $(TIMING_CFLAGS) -c $< -o $@

$(TIMING_OUT)/rig.o: tests/unit/rig.c
	@mkdir -p $(dir $@)
	$(CC) $(TIMING_CFLAGS) -c $< -o $@

$(TIMING_OUT)/test_%: $(TIMING_OUT)/test_%.o $(TIMING_OUT)/tsys.o $(TIMING_OUT)/rig.o $(MODEL_LIB)
	$(CC) $(TIMING_CFLAGS) -o $@ $(filter %.o,$^) $(TIMING_LIBS)

.PRECIOUS: $(TIMING_OUT)/%.o

# Every program runs even after a failure; the target fails if any did.
.PHONY: test-timing
test-timing: $(TIMING:%=$(TIMING_OUT)/%)
	@failed=""; \
	for t in $(TIMING); do \
		echo "== $$t"; \
		UNIT_FILTER='$(TIMING_FILTER)' $(TIMING_OUT)/$$t || failed="$$failed $$t"; \
	done; \
	if [ -n "$$failed" ]; then echo "test-timing: FAILED:$$failed"; exit 1; fi; \
	echo "test-timing: all programs passed"

TEST_TARGETS += test-timing

-include $(wildcard $(TIMING_OUT)/*.d)
