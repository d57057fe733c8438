# tests/robust: random guests must never crash, abort or hang the model.
# The same test also runs on a build of the model with AddressSanitizer and
# UndefinedBehaviorSanitizer, which turn silent memory errors into failures.
ROBUST_BIN  := $(BUILD)/tests/robust/random_guest
ROBUST_SAN  := $(BUILD)/tests/robust/random_guest-san
SAN_FLAGS   := -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer

$(ROBUST_BIN): tests/robust/random_guest.c $(MODEL_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(HOST_CFLAGS) -o $@ $< $(MODEL_LIB) -lcmocka $(HOST_LIBS)

$(ROBUST_SAN): tests/robust/random_guest.c $(MODEL_SRC)
	@mkdir -p $(dir $@)
	$(CC) $(filter-out -MMD -MP,$(HOST_CFLAGS)) -O1 $(SAN_FLAGS) -o $@ $^ -lcmocka $(HOST_LIBS)

.PHONY: test-robust
test-robust: $(ROBUST_BIN) $(ROBUST_SAN)
	$(ROBUST_BIN)
	$(ROBUST_SAN)
TEST_TARGETS += test-robust
