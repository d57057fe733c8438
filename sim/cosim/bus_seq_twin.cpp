// SPDX-License-Identifier: MIT
// The Verilator binding of rtl/bus_seq.sv (twin.h, vl_ports.h).
#include "Vbus_seq.h"
#include "mem/bus_seq_if.h"
#include "vl_ports.h"

VL_TWIN(bus_seq, BUS_SEQ)
