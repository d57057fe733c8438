// SPDX-License-Identifier: MIT
// The Verilator binding of rtl/dma.sv (twin.h, vl_ports.h).
#include "Vdma.h"
#include "mem/dma_if.h"
#include "vl_ports.h"

VL_TWIN(dma, DMA)
