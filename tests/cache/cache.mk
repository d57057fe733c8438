# tests/cache: cmocka tests of the cache tag array, its replacement policies
# and the miss classifier. Included by the top Makefile.
#
#   make test-cache                             every tests/cache/test_*.c program
#   make test-cache CACHE_FILTER='test_lru_*'   only the tests matching a glob
#
# Each tests/cache/test_AREA.c builds into $(BUILD)/tests/cache/test_AREA.

CACHE_DIR    := tests/cache
CACHE_OUT    := $(BUILD)/tests/cache
CACHE_TESTS  := $(sort $(notdir $(basename $(wildcard $(CACHE_DIR)/test_*.c))))
CACHE_BINS   := $(CACHE_TESTS:%=$(CACHE_OUT)/%)
CACHE_FILTER ?=

$(CACHE_OUT)/test_%: $(CACHE_DIR)/test_%.c $(CACHE_DIR)/cache_test.h $(MODEL_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(HOST_CFLAGS) -I$(CACHE_DIR) -o $@ $< $(MODEL_LIB) -lcmocka $(HOST_LIBS)

# Every program runs even after a failure; the target fails if any did.
.PHONY: test-cache
test-cache: $(CACHE_BINS)
	@failed=""; \
	for t in $(CACHE_TESTS); do \
		CACHE_FILTER='$(CACHE_FILTER)' $(CACHE_OUT)/$$t || failed="$$failed $$t"; \
	done; \
	if [ -n "$$failed" ]; then echo "test-cache: FAILED:$$failed"; exit 1; fi; \
	echo "test-cache: all programs passed"

TEST_TARGETS += test-cache

-include $(wildcard $(CACHE_OUT)/*.d)
