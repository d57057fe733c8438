# tests/dma: firmware tests of the DMA block-transfer engine (osprey only:
# QEMU has none). Each program runs on osprey with the engine on, in both
# modes; dma_basic also with the engine off (it must find it absent).
#   make test-dma               all of them
#   make test-dma DMA=dma_race  one (or several)
DMA_DIR   := tests/dma
DMA_TESTS := dma_basic dma_race dma_stress dma_code
DMA_ELFS  := $(DMA_TESTS:%=$(BUILD)/tests/dma/%.elf)
DMA       ?= $(DMA_TESTS)

$(BUILD)/tests/dma/%.o: $(DMA_DIR)/%.c $(DMA_DIR)/dma_test.h firmware/include/osprey_dma.h
	@mkdir -p $(dir $@)
	$(FW_CC) $(FW_CFLAGS) $(FW_INC) -I$(DMA_DIR) -c $< -o $@

$(BUILD)/tests/dma/%.elf: $(BUILD)/tests/dma/%.o $(FW_CRT0) $(FW_LIB) $(FW_LDSCRIPT)
	$(fw_link)

.PHONY: test-dma
test-dma: $(OSPREY) $(DMA_ELFS)
	@sh $(DMA_DIR)/run.sh $(BUILD) $(OSPREY) $(DMA)

TEST_TARGETS += test-dma
