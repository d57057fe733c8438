// SPDX-License-Identifier: MIT
// The Verilator binding of rtl/ipf_engine.sv (twin.h, vl_ports.h).
#include "Vipf_engine.h"
#include "cpu/ipf_engine_if.h"
#include "vl_ports.h"

VL_TWIN(ipf_engine, IPF_ENGINE)
