#!/usr/bin/env python3
"""Generates the table-driven osprey ISA tests in tests/isa/.

Usage: python3 tests/isa/gen_tables.py tests/isa

Writes the ALU, M-extension, branch, load, store and AMO tests (one .S per
instruction) from operand tables below; expected values come from Python integer
arithmetic with RV32 semantics.  The generated files are kept in the tree, so that a
test can be read and edited on its own; re-run this after changing a table and
check the result on QEMU (make test-isa-qemu).  Written for osprey.
"""
import sys


def gen_alu_and_muldiv(D):
    # One-off generator for the ALU/M test files (expected values from Python integer arithmetic).
    M = 0xffffffff
    def s32(x): x &= M; return x - (1 << 32) if x & 0x80000000 else x
    def u32(x): return x & M
    def sx12(i): return i

    def div(a, b):
        a, b = s32(a), s32(b)
        if b == 0: return M
        if a == -2**31 and b == -1: return u32(a)
        q = abs(a) // abs(b)
        return u32(q if (a < 0) == (b < 0) else -q)
    def divu(a, b):
        a, b = u32(a), u32(b)
        return M if b == 0 else a // b
    def rem(a, b):
        a, b = s32(a), s32(b)
        if b == 0: return u32(a)
        if a == -2**31 and b == -1: return 0
        r = abs(a) % abs(b)
        return u32(r if a >= 0 else -r)
    def remu(a, b):
        a, b = u32(a), u32(b)
        return a if b == 0 else a % b

    RR = {
     'add': lambda a,b: u32(a+b), 'sub': lambda a,b: u32(a-b),
     'and': lambda a,b: a&b, 'or': lambda a,b: a|b, 'xor': lambda a,b: a^b,
     'sll': lambda a,b: u32(a << (b&31)), 'srl': lambda a,b: u32(a) >> (b&31),
     'sra': lambda a,b: u32(s32(a) >> (b&31)),
     'slt': lambda a,b: int(s32(a) < s32(b)), 'sltu': lambda a,b: int(u32(a) < u32(b)),
     'mul': lambda a,b: u32(a*b),
     'mulh': lambda a,b: u32((s32(a)*s32(b)) >> 32),
     'mulhsu': lambda a,b: u32((s32(a)*u32(b)) >> 32),
     'mulhu': lambda a,b: u32((u32(a)*u32(b)) >> 32),
     'div': div, 'divu': divu, 'rem': rem, 'remu': remu,
    }
    RI = {
     'addi': lambda a,i: u32(a+i), 'andi': lambda a,i: a & u32(i), 'ori': lambda a,i: a | u32(i),
     'xori': lambda a,i: a ^ u32(i), 'slti': lambda a,i: int(s32(a) < i),
     'sltiu': lambda a,i: int(u32(a) < u32(i)),
     'slli': lambda a,i: u32(a << i), 'srli': lambda a,i: u32(a) >> i,
     'srai': lambda a,i: u32(s32(a) >> i),
    }
    EDGE = [0, 1, 2, 3, 0x7fffffff, 0x80000000, 0xffffffff, 0xfffffffe, 0x0000ffff, 0xffff0000,
            0x12345678, 0x87654321, 0x00ff00ff, 0xff00ff00, 0x55555555, 0xaaaaaaaa, 0x80000001, 7,
            0xfffffff9, 0x00010000]
    SHIFT_B = [0, 1, 7, 14, 20, 31, 0xffffffe0, 0xffffffe1, 0x21, 0x3f, 0x7fffffef]

    def h(x): return '0x%08x' % u32(x)

    def pairs_for(op):
        if op in ('sll', 'srl', 'sra'):
            return [(a, b) for a in [0x00000001, 0x80000000, 0xffffffff, 0x21212121, 0x7fffffff, 0x87654321] for b in SHIFT_B]
        if op in ('div','divu','rem','remu'):
            vals = [0, 1, 0xffffffff, 0x80000000, 0x7fffffff, 20, 0xffffffec, 6, 0xfffffffa, 3, 0xfffffffd, 0x12345678, 0xfedcba98]
            return [(a, b) for a in vals for b in vals]
        if op.startswith('mul'):
            vals = [0, 1, 0xffffffff, 0x80000000, 0x7fffffff, 2, 0xfffffffe, 0x0000ffff, 0xffff0000, 0x12345678, 0xaaaaaaab, 0x0002fe7d, 0xff000000, 0x80000001]
            return [(a, b) for a in vals for b in vals]
        base = [(a, b) for a in [0, 1, 0xffffffff, 0x7fffffff, 0x80000000] for b in [0, 1, 0xffffffff, 0x7fffffff, 0x80000000]]
        base += [(0x12345678, 0x87654321), (0x00ff00ff, 0x0f0f0f0f), (0xff00ff00, 0xf0f0f0f0),
                 (0xfffffffe, 0xfffffffd), (3, 7), (7, 3), (0xfffffff9, 3), (3, 0xfffffff9),
                 (0x0000ffff, 0x00000001), (0xffff8000, 0x00008000), (0x55555555, 0xaaaaaaaa)]
        return base

    def gen_rr(op, desc, fname):
        f = RR[op]
        out = []; n = 2
        def T(line):
            nonlocal n; out.append('\t' + line.replace('NUM', str(n))); n += 1
        out.append('\t/* Operand pairs: edge values of both signs. */')
        for a, b in pairs_for(op):
            T('TEST_RR(NUM, %s, %s, %s, %s)' % (op, h(f(a, b)), h(a), h(b)))
        out.append('\t/* Source and destination registers shared. */')
        a, b = (0x0000000d, 0x0000000b) if op not in ('sll','srl','sra') else (0x80000021, 0x00000004)
        T('TEST_RR_SRC1_EQ_DEST(NUM, %s, %s, %s, %s)' % (op, h(f(a, b)), h(a), h(b)))
        T('TEST_RR_SRC2_EQ_DEST(NUM, %s, %s, %s, %s)' % (op, h(f(a, b)), h(a), h(b)))
        T('TEST_RR_SRC12_EQ_DEST(NUM, %s, %s, %s)' % (op, h(f(a, a)), h(a)))
        out.append('\t/* Results used 0, 1 and 2 instructions later; sources just produced. */')
        for nops in range(3):
            T('TEST_RR_DEST_BYPASS(NUM, %d, %s, %s, %s, %s)' % (nops, op, h(f(a, b)), h(a), h(b)))
        for nops in range(3):
            T('TEST_RR_SRC_BYPASS(NUM, %d, %s, %s, %s, %s)' % (nops, op, h(f(a, b)), h(a), h(b)))
            T('TEST_RR_SRC_BYPASS2(NUM, %d, %s, %s, %s, %s)' % (nops, op, h(f(a, b)), h(a), h(b)))
        out.append('\t/* x0 as a source reads 0; x0 as a destination stays 0. */')
        T('TEST_RR_ZEROSRC1(NUM, %s, %s, %s)' % (op, h(f(0, b)), h(b)))
        T('TEST_RR_ZEROSRC2(NUM, %s, %s, %s)' % (op, h(f(a, 0)), h(a)))
        T('TEST_RR_ZEROSRC12(NUM, %s, %s)' % (op, h(f(0, 0))))
        T('TEST_RR_ZERODEST(NUM, %s, %s, %s)' % (op, h(a), h(b)))
        assert n < 255, (op, n)
        return write(fname, desc, out)

    def imms_for(op):
        if op in ('slli','srli','srai'):
            return [(a, i) for a in [0x00000001, 0x80000000, 0xffffffff, 0x21212121, 0x7fffffff, 0x87654321] for i in [0, 1, 7, 14, 20, 31]]
        vals = [0, 1, 0xffffffff, 0x7fffffff, 0x80000000, 0x12345678, 0x000007ff, 0xfffff800, 0x00ff00ff, 0xff00ff0f]
        imms = [0, 1, -1, 2047, -2048, 0x7f0, -0x7f1, 0x555, -0x556]
        return [(a, i) for a in vals for i in imms]

    def gen_ri(op, desc, fname):
        f = RI[op]
        out = []; n = 2
        def T(line):
            nonlocal n; out.append('\t' + line.replace('NUM', str(n))); n += 1
        out.append('\t/* Operand and immediate edges (immediates are sign-extended). */')
        for a, i in imms_for(op):
            T('TEST_RI(NUM, %s, %s, %s, %d)' % (op, h(f(a, i)), h(a), i))
        out.append('\t/* Source and destination register shared. */')
        a, i = (0x0000000d, 11) if op not in ('slli','srli','srai') else (0x80000021, 4)
        T('TEST_RI_SRC1_EQ_DEST(NUM, %s, %s, %s, %d)' % (op, h(f(a, i)), h(a), i))
        out.append('\t/* Result used 0, 1 and 2 instructions later; source just produced. */')
        for nops in range(3):
            T('TEST_RI_DEST_BYPASS(NUM, %d, %s, %s, %s, %d)' % (nops, op, h(f(a, i)), h(a), i))
        for nops in range(3):
            T('TEST_RI_SRC_BYPASS(NUM, %d, %s, %s, %s, %d)' % (nops, op, h(f(a, i)), h(a), i))
        out.append('\t/* x0 as source and as destination. */')
        i2 = 31 if op in ('slli','srli','srai') else -2048
        T('TEST_RI_ZEROSRC1(NUM, %s, %s, %d)' % (op, h(f(0, i2)), i2))
        T('TEST_RI_ZERODEST(NUM, %s, %s, %d)' % (op, h(a), i))
        assert n < 255, (op, n)
        return write(fname, desc, out)

    def write(fname, desc, body):
        with open(fname, 'w') as fp:
            fp.write('/*\n * %s\n *\n * Expected values computed with Python integer arithmetic (RV32 semantics)\n * and checked on QEMU.\n * Generated by gen_tables.py.\n */\n#include "env.h"\n\nTEST_BEGIN\n' % desc)
            fp.write('\n'.join(body) + '\n')
            fp.write('TEST_END\n')

    desc = {
     'add': 'add: rd = rs1 + rs2, wrapping modulo 2^32.',
     'sub': 'sub: rd = rs1 - rs2, wrapping modulo 2^32.',
     'and': 'and: bitwise and.', 'or': 'or: bitwise or.', 'xor': 'xor: bitwise exclusive or.',
     'sll': 'sll: shift left logical by rs2[4:0] (upper bits of rs2 ignored).',
     'srl': 'srl: shift right logical by rs2[4:0] (upper bits of rs2 ignored).',
     'sra': 'sra: shift right arithmetic by rs2[4:0] (upper bits of rs2 ignored).',
     'slt': 'slt: rd = (signed) rs1 < rs2.', 'sltu': 'sltu: rd = (unsigned) rs1 < rs2.',
     'mul': 'mul: low 32 bits of the product.',
     'mulh': 'mulh: high 32 bits of signed x signed product.',
     'mulhsu': 'mulhsu: high 32 bits of signed rs1 x unsigned rs2.',
     'mulhu': 'mulhu: high 32 bits of unsigned x unsigned product.',
     'div': 'div: signed division rounding toward zero; x/0 = -1; INT_MIN/-1 = INT_MIN.',
     'divu': 'divu: unsigned division; x/0 = 0xffffffff.',
     'rem': 'rem: signed remainder (sign of the dividend); x%0 = x; INT_MIN%-1 = 0.',
     'remu': 'remu: unsigned remainder; x%0 = x.',
     'addi': 'addi: rd = rs1 + sext(imm12).', 'andi': 'andi: rd = rs1 & sext(imm12).',
     'ori': 'ori: rd = rs1 | sext(imm12).', 'xori': 'xori: rd = rs1 ^ sext(imm12).',
     'slti': 'slti: rd = (signed) rs1 < sext(imm12).',
     'sltiu': 'sltiu: rd = (unsigned) rs1 < (unsigned) sext(imm12).',
     'slli': 'slli: shift left logical by shamt (0..31).',
     'srli': 'srli: shift right logical by shamt (0..31).',
     'srai': 'srai: shift right arithmetic by shamt (0..31).',
    }
    for op in RR: gen_rr(op, desc[op], '%s/%s.S' % (D, op))
    for op in RI: gen_ri(op, desc[op], '%s/%s.S' % (D, op))


def gen_branches(D):
    M=0xffffffff
    def s32(x): x&=M; return x-(1<<32) if x&0x80000000 else x
    def h(x): return '0x%08x'%(x&M)
    BR={'beq':lambda a,b:a==b,'bne':lambda a,b:a!=b,'blt':lambda a,b:s32(a)<s32(b),
        'bge':lambda a,b:s32(a)>=s32(b),'bltu':lambda a,b:a<b,'bgeu':lambda a,b:a>=b}
    desc={'beq':'beq: branch if rs1 == rs2.','bne':'bne: branch if rs1 != rs2.',
     'blt':'blt: branch if rs1 < rs2 (signed).','bge':'bge: branch if rs1 >= rs2 (signed).',
     'bltu':'bltu: branch if rs1 < rs2 (unsigned).','bgeu':'bgeu: branch if rs1 >= rs2 (unsigned).'}
    vals=[0,1,0xffffffff,0x7fffffff,0x80000000,0xfffffffe,2,0x80000001]
    for op,f in BR.items():
        out=[];n=2
        out.append('\t/* Taken and not taken, forward and backward, for edge operands. */')
        for a in vals:
            for b in vals:
                m='TEST_BR_TAKEN' if f(a,b) else 'TEST_BR_NOT_TAKEN'
                out.append('\t%s(%d, %s, %s, %s)'%(m,n,op,h(a),h(b))); n+=1
        # x0 operands
        out.append('\t/* x0 as an operand. */')
        for (r1,r2,a,b) in [('x0','x1',0,0),('x0','x1',0,1),('x1','x0',1,0)]:
            body = 'j env_fail; 1:' if f(a,b) else 'j 2f; 1: j env_fail; 2:'
            out.append('\ttest_%d: li TESTNUM, %d; li x1, %d; %s %s, %s, 1f; %s'%(n,n,a if r1=='x1' else b,op,r1,r2,body)); n+=1
        # Not-taken branch must not disturb following instructions; taken skips exactly
        out.append('\t/* The instructions after a taken branch do not execute; after a not-taken one, they do. */')
        a,b=(1,1) if op in('beq','bge','bgeu') else (1,2) if op in ('bne','blt','bltu') else (0,0)
        out.append('\ttest_%d: li TESTNUM, %d; li x1, %d; li x2, %d; li x14, 0; %s x1, x2, 1f; addi x14, x14, 1; addi x14, x14, 2; 1: addi x14, x14, 4; CHECK(x14, 4)'%(n,n,a,b,op)); n+=1
        a,b=(1,2) if op in('beq','bge','bgeu') else (1,1) if op in ('bne','blt','bltu') else (0,0)
        if op in ('bge','bgeu'): a,b=(1,2)
        if op in ('blt','bltu'): a,b=(2,1)
        out.append('\ttest_%d: li TESTNUM, %d; li x1, %d; li x2, %d; li x14, 0; %s x1, x2, 1f; addi x14, x14, 1; addi x14, x14, 2; 1: addi x14, x14, 4; CHECK(x14, 7)'%(n,n,a,b,op)); n+=1
        with open('%s/%s.S'%(D,op),'w') as fp:
            fp.write('/*\n * %s\n *\n * Expected outcomes computed with Python and checked on QEMU.\n * Generated by gen_tables.py.\n */\n#include "env.h"\n\nTEST_BEGIN\n'%desc[op])
            fp.write('\n'.join(out)+'\nTEST_END\n')


def gen_loads(D):
    M=0xffffffff
    data=[0x00ff00ff,0xff00ff00,0x0ff00ff0,0xf00ff00f,0x80000000,0x7fffffff,0x12345678,0x89abcdef]
    mem=b''.join(x.to_bytes(4,'little') for x in data)
    def h(x): return '0x%08x'%(x&M)
    def ld(op,addr):
        size={'lb':1,'lbu':1,'lh':2,'lhu':2,'lw':4}[op]
        v=int.from_bytes(mem[addr:addr+size],'little')
        if op in('lb','lh') and v>>(size*8-1): v-=1<<(size*8)
        return v&M
    desc={'lb':'lb: load byte, sign-extended.','lbu':'lbu: load byte, zero-extended.',
     'lh':'lh: load halfword, sign-extended.','lhu':'lhu: load halfword, zero-extended.','lw':'lw: load word.'}
    for op in desc:
        size={'lb':1,'lbu':1,'lh':2,'lhu':2,'lw':4}[op]
        out=[];n=2
        out.append('\t/* Every aligned position in the table, positive offsets from its start. */')
        for addr in range(0,len(mem),size):
            out.append('\tTEST_LD(%d, %s, %s, %d, ld_data)'%(n,op,h(ld(op,addr)),addr)); n+=1
        out.append('\t/* Negative offsets from the end of the table. */')
        for addr in range(len(mem)-size,len(mem)-8*size-1,-size):
            out.append('\tTEST_LD(%d, %s, %s, %d, ld_end)'%(n,op,h(ld(op,addr)),addr-len(mem))); n+=1
        out.append('\t/* Base register unaligned, offset makes the address aligned. */')
        out.append('\tTEST_CASE(%d, x14, %s, la x1, ld_data; addi x1, x1, -3; %s x14, %d(x1))'%(n,h(ld(op,4*size)),op,4*size+3)); n+=1
        out.append('\tTEST_CASE(%d, x14, %s, la x1, ld_data; addi x1, x1, 1001; %s x14, %d(x1))'%(n,h(ld(op,2*size)),op,2*size-1001)); n+=1
        out.append('\t/* The loaded value is used 0, 1 and 2 instructions later. */')
        for nops in range(3):
            out.append('\tTEST_LD_DEST_BYPASS(%d, %d, %s, %s, %d, ld_data)'%(n,nops,op,h(ld(op,3*size)),3*size)); n+=1
        out.append('\t/* rd == base: the old base is used for the address. */')
        out.append('\tTEST_CASE(%d, x1, %s, la x1, ld_data; %s x1, %d(x1))'%(n,h(ld(op,size)),op,size)); n+=1
        out.append('\t/* A load to x0 has no effect on x0. */')
        out.append('\tTEST_CASE(%d, x0, 0, la x1, ld_data; %s x0, 0(x1))'%(n,op)); n+=1
        out.append('\t/* A load does not change the memory it reads (read twice). */')
        out.append('\tTEST_CASE(%d, x14, %s, la x1, ld_data; %s x13, 4(x1); %s x14, 4(x1))'%(n,h(ld(op,4)),op,op)); n+=1
        with open('%s/%s.S'%(D,op),'w') as fp:
            fp.write('/*\n * %s\n *\n * Expected values computed with Python from the table below; checked on QEMU.\n * Generated by gen_tables.py.\n */\n#include "env.h"\n\nTEST_BEGIN\n'%desc[op])
            fp.write('\n'.join(out)+'\nTEST_END\n\nTEST_DATA_BEGIN\nld_data:\n')
            for x in data: fp.write('\t.word %s\n'%h(x))
            fp.write('ld_end:\nTEST_DATA_END\n')


def gen_stores(D):
    M=0xffffffff
    def h(x): return '0x%08x'%(x&M)
    desc={'sb':'sb: store the low byte of rs2.','sh':'sh: store the low halfword of rs2.','sw':'sw: store word.'}
    FILL=0xdeadbeef
    for op,size in (('sb',1),('sh',2),('sw',4)):
        ldu={1:'lbu',2:'lhu',4:'lw'}[size]; lds={1:'lb',2:'lh',4:'lw'}[size]
        mask=(1<<(8*size))-1
        out=[];n=2
        vals=[0x00000000,0xffffffff,0x12345678,0x87654321,0x7fffff7f,0x80008080,0xa5a5a5a5,0x0000ff00]
        out.append('\t/* Store then load back at every aligned position of one word pair. */')
        for i,v in enumerate(vals):
            off=(i*size)%8
            out.append('\tTEST_CASE(%d, x14, %s, la x1, st_data; li x2, %s; %s x2, %d(x1); %s x14, %d(x1))'%(n,h(v&mask),h(v),op,off,ldu,off)); n+=1
            sv=v&mask
            if sv>>(8*size-1): sv-=1<<(8*size)
            out.append('\tTEST_CASE(%d, x14, %s, la x1, st_data; %s x14, %d(x1))'%(n,h(sv),lds,off)); n+=1
        out.append('\t/* Negative offsets. */')
        for i in range(4):
            off=-(i+1)*size
            v=0x3c3c3c3c+i*0x01010101
            out.append('\tTEST_CASE(%d, x14, %s, la x1, st_end; li x2, %s; %s x2, %d(x1); %s x14, %d(x1))'%(n,h(v&mask),h(v),op,off,ldu,off)); n+=1
        out.append('\t/* Only the addressed bytes change: fill a word, store into it, read the whole word. */')
        for pos in range(0,4,size):
            v=0x11223344
            word=FILL
            for b in range(size):
                byte=(v>>(8*b))&0xff
                word=(word & ~(0xff<<(8*(pos+b)))) | (byte<<(8*(pos+b)))
            out.append('\tTEST_CASE(%d, x14, %s, la x1, st_fill; li x2, %s; sw x2, 0(x1); sw x2, 4(x1); li x13, %s; %s x13, %d(x1); lw x14, 0(x1); lw x5, 4(x1); CHECK(x5, %s))'
                       %(n,h(word),h(FILL),h(v),op,pos,h(FILL))); n+=1
        out.append('\t/* Base register unaligned; address aligned. */')
        out.append('\tTEST_CASE(%d, x14, %s, la x1, st_data; addi x1, x1, -5; li x2, 0x600dcafe; %s x2, %d(x1); %s x14, %d(x1))'%(n,h(0x600dcafe&mask),op,5+size,ldu,5+size)); n+=1
        out.append('\t/* Source register is the base register. */')
        out.append('\tTEST_CASE(%d, x14, 0, la x1, st_data; %s x1, 0(x1); %s x14, 0(x1); la x1, st_data; li x2, %s; and x1, x1, x2; sub x14, x14, x1)'%(n,op,ldu,h(mask))); n+=1
        out.append('\t/* Stored value produced by the previous instruction; load right after the store. */')
        out.append('\tTEST_CASE(%d, x14, %s, la x1, st_data; li x2, 0x01020304; addi x2, x2, 1; %s x2, 8(x1); %s x14, 8(x1))'%(n,h(0x01020305&mask),op,ldu)); n+=1
        out.append('\t/* x0 as the source stores zero. */')
        out.append('\tTEST_CASE(%d, x14, 0, la x1, st_data; li x2, -1; sw x2, 12(x1); %s x0, 12(x1); %s x14, 12(x1))'%(n,op,ldu)); n+=1
        with open('%s/%s.S'%(D,op),'w') as fp:
            fp.write('/*\n * %s\n *\n * Expected values computed with Python; checked on QEMU.\n * Generated by gen_tables.py.\n */\n#include "env.h"\n\nTEST_BEGIN\n'%desc[op])
            fp.write('\n'.join(out)+'\nTEST_END\n\nTEST_DATA_BEGIN\nst_data:\n\t.fill 8, 4, 0xefefefef\nst_end:\nst_fill:\n\t.word 0, 0\nTEST_DATA_END\n')


def gen_amos(D):
    M=0xffffffff
    def s32(x): x&=M; return x-(1<<32) if x&0x80000000 else x
    def h(x): return '0x%08x'%(x&M)
    OPS={'amoadd':lambda m,v:(m+v)&M,'amoand':lambda m,v:m&v,'amoor':lambda m,v:m|v,'amoxor':lambda m,v:m^v,
     'amoswap':lambda m,v:v,'amomin':lambda m,v:m if s32(m)<=s32(v) else v,'amomax':lambda m,v:m if s32(m)>=s32(v) else v,
     'amominu':lambda m,v:min(m,v),'amomaxu':lambda m,v:max(m,v)}
    desc={'amoadd':'amoadd.w: mem += rs2, rd = old mem.','amoand':'amoand.w: mem &= rs2, rd = old mem.',
     'amoor':'amoor.w: mem |= rs2, rd = old mem.','amoxor':'amoxor.w: mem ^= rs2, rd = old mem.',
     'amoswap':'amoswap.w: mem = rs2, rd = old mem.','amomin':'amomin.w: mem = signed min(mem, rs2), rd = old mem.',
     'amomax':'amomax.w: mem = signed max(mem, rs2), rd = old mem.','amominu':'amominu.w: mem = unsigned min(mem, rs2), rd = old mem.',
     'amomaxu':'amomaxu.w: mem = unsigned max(mem, rs2), rd = old mem.'}
    vals=[0,1,0xffffffff,0x7fffffff,0x80000000,0x12345678,0xfedcba98]
    for op,f in OPS.items():
        out=[];n=2
        out.append('\t/* rd gets the old value; memory gets op(old, rs2). */')
        for m in vals:
            for v in vals[::2] if op!='amoswap' else vals[:4]:
                out.append('\tTEST_CASE(%d, x14, %s, la x1, amo_data; li x2, %s; sw x2, 0(x1); li x13, %s; %s.w x14, x13, (x1); lw x5, 0(x1); CHECK(x5, %s))'%(n,h(m),h(m),h(v),op,h(f(m,v)))); n+=1
        out.append('\t/* rd == rs2: the old value lands in rd, the old rs2 goes to memory. */')
        m,v=0x0000f00d,0x80000003
        out.append('\tTEST_CASE(%d, x13, %s, la x1, amo_data; li x2, %s; sw x2, 4(x1); addi x1, x1, 4; li x13, %s; %s.w x13, x13, (x1); lw x5, 0(x1); CHECK(x5, %s))'%(n,h(m),h(m),h(v),op,h(f(m,v)))); n+=1
        out.append('\t/* rd == x0: memory still updated. */')
        out.append('\tTEST_CASE(%d, x5, %s, la x1, amo_data; li x2, %s; sw x2, 8(x1); addi x1, x1, 8; li x13, %s; %s.w x0, x13, (x1); lw x5, 0(x1); CHECK(x0, 0))'%(n,h(f(m,v)),h(m),h(v),op)); n+=1
        out.append('\t/* Ordering bits (aq, rl, aqrl) do not change the result. */')
        for suf in ('.aq','.rl','.aqrl'):
            out.append('\tTEST_CASE(%d, x14, %s, la x1, amo_data; li x2, %s; sw x2, 12(x1); addi x1, x1, 12; li x13, %s; %s.w%s x14, x13, (x1); lw x5, 0(x1); CHECK(x5, %s))'%(n,h(m),h(m),h(v),op,suf,h(f(m,v)))); n+=1
        out.append('\t/* Two in a row on the same word. */')
        m2=f(m,v); m3=f(m2,1)
        out.append('\tTEST_CASE(%d, x6, %s, la x1, amo_data; li x2, %s; sw x2, 0(x1); li x13, %s; li x4, 1; %s.w x14, x13, (x1); %s.w x6, x4, (x1); CHECK(x14, %s); lw x5, 0(x1); CHECK(x5, %s))'%(n,h(m2),h(m),h(v),op,op,h(m),h(m3))); n+=1
        out.append('\t/* The neighbouring words are untouched. */')
        out.append('\tTEST_CASE(%d, x5, 0x5a5a5a5a, la x1, amo_data; li x2, 0x5a5a5a5a; sw x2, 0(x1); sw x2, 8(x1); addi x1, x1, 4; li x13, -1; %s.w x14, x13, (x1); lw x5, -4(x1); CHECK(x5, 0x5a5a5a5a); lw x5, 4(x1))'%(n,op)); n+=1
        with open('%s/%s.S'%(D,op),'w') as fp:
            fp.write('/*\n * %s\n *\n * Expected values computed with Python; checked on QEMU.\n * Generated by gen_tables.py.\n */\n#include "env.h"\n\nTEST_BEGIN\n'%desc[op])
            fp.write('\n'.join(out)+'\nTEST_END\n\nTEST_DATA_BEGIN\namo_data:\n\t.word 0, 0, 0, 0\nTEST_DATA_END\n')



def main():
    if len(sys.argv) != 2:
        sys.exit("usage: gen_tables.py DIR")
    for gen in (gen_alu_and_muldiv, gen_branches, gen_loads, gen_stores, gen_amos):
        gen(sys.argv[1])


if __name__ == "__main__":
    main()
