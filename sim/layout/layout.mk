# sim/layout: the code-layout optimizer (README, "Code layout").
LAYOUT_TOOL := $(BUILD)/layout
LAYOUT_TOOL_SRC := $(wildcard sim/layout/*.c)

$(LAYOUT_TOOL): $(LAYOUT_TOOL_SRC) $(wildcard sim/layout/*.h)
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -O2 -g -Wall -Wextra -D_GNU_SOURCE -o $@ $(LAYOUT_TOOL_SRC) -lelf
