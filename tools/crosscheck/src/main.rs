// SPDX-License-Identifier: Apache-2.0
//! Known answers for libzuc from a second implementation.
//!
//! 1. A ZUC core written here (LFSR, bit reorganisation, F, initialisation
//!    with any number of rounds), with the S-boxes read from libzuc's
//!    lib/core/zuc_sbox_bytes.h, is checked against the `zuc` crate
//!    (crates.io, 0.4.1) on random ZUC-128 and ZUC-256 (2018) keys and IVs:
//!    any difference in the core or the S-boxes stops the program.
//! 2. Lines for tests/crosscheck.c, which recomputes each with libzuc:
//!      ks128 KEY IV WORDS...            (the crate)
//!      ks256 2018 KEY IV25 WORDS...     (the crate; IV as 25 bytes)
//!      mac256 2018 KEY IV25 BITS MSG TAG  (the crate, 4/8/16-byte tags)
//!      ks256 2021|2023 KEY IV WORDS...  (the model: 128-bit IV loading,
//!                                        the addendum's constants, 32 or 48 rounds)
//!      nea6 KEY IV BYTES MSG CT / nia6 KEY IV MSG TAG / nca6 KEY IV AAD MSG CT TAG
//!                                       (the model, POLYVAL bit by bit)
//! All values hex; an empty byte string is "-".
use zuc::zuc128::Zuc128Keystream;
use zuc::zuc256::{Zuc256Keystream, Zuc256Mac};

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next() as u8).collect()
    }
}

fn hex(b: &[u8]) -> String {
    if b.is_empty() {
        return "-".to_string();
    }
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// The S-boxes, from the X(0x..) lists of libzuc's header.
fn sboxes() -> ([u8; 256], [u8; 256]) {
    let text = include_str!("../../../lib/core/zuc_sbox_bytes.h");
    let list = |name: &str| -> [u8; 256] {
        let start = text.find(name).expect("S-box list") + name.len();
        let body = &text[start..];
        let end = body.find("#define").unwrap_or(body.len());
        let v: Vec<u8> = body[..end]
            .split("X(0x")
            .skip(1)
            .map(|t| u8::from_str_radix(&t[..2], 16).unwrap())
            .collect();
        v.try_into().expect("256 entries")
    };
    (list("#define ZUC_SBOX0_LIST(X)"), list("#define ZUC_SBOX1_LIST(X)"))
}

struct Core<'a> {
    s: [u32; 16],
    r1: u32,
    r2: u32,
    s0: &'a [u8; 256],
    s1: &'a [u8; 256],
}

const P: u64 = 0x7FFF_FFFF;

impl<'a> Core<'a> {
    fn sub(&self, x: u32) -> u32 {
        let b = x.to_be_bytes();
        u32::from_be_bytes([
            self.s0[b[0] as usize],
            self.s1[b[1] as usize],
            self.s0[b[2] as usize],
            self.s1[b[3] as usize],
        ])
    }
    /// F of the spec: W, with R1 and R2 updated; and X3.
    fn f(&mut self) -> (u32, u32) {
        let s = &self.s;
        let x0 = ((s[15] & 0x7FFF_8000) << 1) | (s[14] & 0xFFFF);
        let x1 = ((s[11] & 0xFFFF) << 16) | (s[9] >> 15);
        let x2 = ((s[7] & 0xFFFF) << 16) | (s[5] >> 15);
        let x3 = ((s[2] & 0xFFFF) << 16) | (s[0] >> 15);
        let w = (x0 ^ self.r1).wrapping_add(self.r2);
        let w1 = self.r1.wrapping_add(x1);
        let w2 = self.r2 ^ x2;
        let l1 = |x: u32| x ^ x.rotate_left(2) ^ x.rotate_left(10) ^ x.rotate_left(18) ^ x.rotate_left(24);
        let l2 = |x: u32| x ^ x.rotate_left(8) ^ x.rotate_left(14) ^ x.rotate_left(22) ^ x.rotate_left(30);
        self.r1 = self.sub(l1((w1 << 16) | (w2 >> 16)));
        self.r2 = self.sub(l2((w2 << 16) | (w1 >> 16)));
        (w, x3)
    }
    /// The LFSR, in 64-bit arithmetic reduced once at the end.
    fn lfsr(&mut self, u: Option<u32>) {
        let s = &self.s;
        let mut v: u64 = (1 + (1u64 << 8)) * s[0] as u64
            + (1u64 << 20) * s[4] as u64
            + (1u64 << 21) * s[10] as u64
            + (1u64 << 17) * s[13] as u64
            + (1u64 << 15) * s[15] as u64;
        if let Some(u) = u {
            v += u as u64;
        }
        v %= P;
        let v = if v == 0 { P as u32 } else { v as u32 };
        self.s.copy_within(1.., 0);
        self.s[15] = v;
    }
    fn new(s: [u32; 16], rounds: usize, s0: &'a [u8; 256], s1: &'a [u8; 256]) -> Self {
        let mut c = Core { s, r1: 0, r2: 0, s0, s1 };
        for _ in 0..rounds {
            let (w, _) = c.f();
            c.lfsr(Some(w >> 1));
        }
        c.f();
        c.lfsr(None);
        c
    }
    fn word(&mut self) -> u32 {
        let (w, x3) = self.f();
        self.lfsr(None);
        w ^ x3
    }
    fn bytes(&mut self, n: usize) -> Vec<u8> {
        let mut out = Vec::with_capacity(n + 4);
        while out.len() < n {
            out.extend_from_slice(&self.word().to_be_bytes());
        }
        out.truncate(n);
        out
    }
}

fn cell(a: u8, d: u8, c: u8, e: u8) -> u32 {
    ((a as u32) << 23) | ((d as u32) << 16) | ((c as u32) << 8) | e as u32
}

const D128: [u16; 16] = [
    0x44D7, 0x26BC, 0x626B, 0x135E, 0x5789, 0x35E2, 0x7135, 0x09AF, 0x4D78, 0x2F13, 0x6BC4,
    0x1AF1, 0x5E26, 0x3C4D, 0x789A, 0x47AC,
];
const D2018: [u8; 16] = [
    0x22, 0x2F, 0x24, 0x2A, 0x6D, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x52, 0x10, 0x30,
];
const D2021: [u8; 16] = [
    0x64, 0x43, 0x7B, 0x2A, 0x11, 0x05, 0x51, 0x42, 0x1A, 0x31, 0x18, 0x66, 0x14, 0x2E, 0x01, 0x5C,
];

fn load128(k: &[u8], iv: &[u8]) -> [u32; 16] {
    core::array::from_fn(|i| ((k[i] as u32) << 23) | ((D128[i] as u32) << 8) | iv[i] as u32)
}

/// ZUC-256 2018 loading, from the 25-byte IV.
fn load2018(k: &[u8], iv: &[u8]) -> [u32; 16] {
    let d = &D2018;
    let v = |i: usize| iv[i] & 0x3F;
    [
        cell(k[0], d[0], k[21], k[16]),
        cell(k[1], d[1], k[22], k[17]),
        cell(k[2], d[2], k[23], k[18]),
        cell(k[3], d[3], k[24], k[19]),
        cell(k[4], d[4], k[25], k[20]),
        cell(iv[0], d[5] | v(17), k[5], k[26]),
        cell(iv[1], d[6] | v(18), k[6], k[27]),
        cell(iv[10], d[7] | v(19), k[7], iv[2]),
        cell(k[8], d[8] | v(20), iv[3], iv[11]),
        cell(k[9], d[9] | v(21), iv[12], iv[4]),
        cell(iv[5], d[10] | v(22), k[10], k[28]),
        cell(k[11], d[11] | v(23), iv[6], iv[13]),
        cell(k[12], d[12] | v(24), iv[7], iv[14]),
        cell(k[13], d[13], iv[15], iv[8]),
        cell(k[14], d[14] | (k[31] >> 4), iv[16], iv[9]),
        cell(k[15], d[15] | (k[31] & 0x0F), k[30], k[29]),
    ]
}

/// The 128-bit-IV loading of the 2021 addendum (kept by the 2023 scheme).
fn load_iv128(k: &[u8], iv: &[u8]) -> [u32; 16] {
    let d = &D2021;
    core::array::from_fn(|i| match i {
        0..=6 => cell(k[i], d[i], k[16 + i], k[24 + i]),
        7..=14 => cell(k[i], d[i], iv[i - 7], iv[i + 1]),
        _ => cell(k[15], d[15], k[23], k[31]),
    })
}

/// 25-byte IV (IV17..IV24 in the low six bits) packed into the crate's 23 bytes.
fn pack23(iv25: &[u8]) -> [u8; 23] {
    let mut out = [0u8; 23];
    out[..17].copy_from_slice(&iv25[..17]);
    let mut bits: u64 = 0;
    for &b in &iv25[17..25] {
        bits = (bits << 6) | (b & 0x3F) as u64;
    }
    for i in 0..6 {
        out[17 + i] = (bits >> (40 - 8 * i)) as u8;
    }
    out
}

/// POLYVAL's dot(a, b) = a b x^-128 (RFC 8452), bit by bit.
fn dot(a: u128, b: u128) -> u128 {
    const R: u128 = 0xC200_0000_0000_0000_0000_0000_0000_0001;
    let mut p: u128 = 0;
    for i in (0..128).rev() {
        let top = p >> 127;
        p <<= 1;
        if top == 1 {
            p ^= R;
        }
        if (b >> i) & 1 == 1 {
            p ^= a;
        }
    }
    for _ in 0..128 {
        let odd = p & 1;
        if odd == 1 {
            p ^= R;
        }
        p = (p >> 1) | (odd << 127);
    }
    p
}

fn polyval(h: u128, mut s: u128, data: &[u8]) -> u128 {
    for chunk in data.chunks(16) {
        let mut block = [0u8; 16];
        block[..chunk.len()].copy_from_slice(chunk);
        s = dot(s ^ u128::from_le_bytes(block), h);
    }
    s
}

/// The NIA6/NCA6 tag from the first 48 keystream bytes.
fn nxa6_tag(keys: &[u8], aad: &[u8], ct: &[u8]) -> [u8; 16] {
    let h = u128::from_le_bytes(keys[0..16].try_into().unwrap());
    let q = u128::from_le_bytes(keys[16..32].try_into().unwrap());
    let p = u128::from_le_bytes(keys[32..48].try_into().unwrap());
    let mut s = polyval(h, polyval(h, 0, aad), ct);
    s ^= (8 * ct.len() as u128) | ((8 * aad.len() as u128) << 64);
    (dot(s, q) ^ p).to_le_bytes()
}

fn main() {
    let (s0, s1) = sboxes();
    let cases: usize = std::env::args().nth(1).map_or(200, |a| a.parse().expect("a count"));
    let mut rng = Rng(0x5A5A_2023_0201_0001);

    // 1. the model's core against the crate
    for _ in 0..cases {
        let k = rng.bytes(16);
        let iv = rng.bytes(16);
        let mut theirs = Zuc128Keystream::new(k.as_slice().try_into().unwrap(), iv.as_slice().try_into().unwrap());
        let mut ours = Core::new(load128(&k, &iv), 32, &s0, &s1);
        for _ in 0..40 {
            assert_eq!(theirs.generate(), ours.word(), "model and crate differ (ZUC-128)");
        }
        let k = rng.bytes(32);
        let mut iv25 = rng.bytes(25);
        for b in &mut iv25[17..] {
            *b &= 0x3F;
        }
        let mut theirs = Zuc256Keystream::new(k.as_slice().try_into().unwrap(), &pack23(&iv25));
        let mut ours = Core::new(load2018(&k, &iv25), 32, &s0, &s1);
        for _ in 0..40 {
            assert_eq!(theirs.generate(), ours.word(), "model and crate differ (ZUC-256)");
        }
    }
    eprintln!("crosscheck: the model's core equals the zuc crate's on {} ZUC-128 and {} ZUC-256 key/IVs", cases, cases);

    // 2. known answers
    let words = |c: &mut dyn FnMut() -> u32, n: usize| -> String {
        (0..n).map(|_| format!("{:08x}", c())).collect::<Vec<_>>().join(" ")
    };
    for _ in 0..cases {
        let n = 1 + rng.below(40) as usize;
        let k = rng.bytes(16);
        let iv = rng.bytes(16);
        let mut z = Zuc128Keystream::new(k.as_slice().try_into().unwrap(), iv.as_slice().try_into().unwrap());
        println!("ks128 {} {} {}", hex(&k), hex(&iv), words(&mut || z.generate(), n));

        let k = rng.bytes(32);
        let mut iv25 = rng.bytes(25);
        for b in &mut iv25[17..] {
            *b &= 0x3F;
        }
        let iv23 = pack23(&iv25);
        let mut z = Zuc256Keystream::new(k.as_slice().try_into().unwrap(), &iv23);
        println!("ks256 2018 {} {} {}", hex(&k), hex(&iv25), words(&mut || z.generate(), n));

        let bits = rng.below(2000) as usize;
        let msg = rng.bytes(bits.div_ceil(8));
        let kk: &[u8; 32] = k.as_slice().try_into().unwrap();
        let t4 = Zuc256Mac::<u32>::compute(kk, &iv23, &msg, bits).to_be_bytes();
        let t8 = Zuc256Mac::<u64>::compute(kk, &iv23, &msg, bits).to_be_bytes();
        let t16 = Zuc256Mac::<u128>::compute(kk, &iv23, &msg, bits).to_be_bytes();
        for t in [&t4[..], &t8[..], &t16[..]] {
            println!("mac256 2018 {} {} {} {} {}", hex(&k), hex(&iv25), bits, hex(&msg), hex(t));
        }

        for (version, rounds) in [(2021, 32), (2023, 48)] {
            let iv = rng.bytes(16);
            let mut c = Core::new(load_iv128(&k, &iv), rounds, &s0, &s1);
            println!("ks256 {} {} {} {}", version, hex(&k), hex(&iv), words(&mut || c.word(), n));
        }

        let iv = rng.bytes(16);
        let len = rng.below(300) as usize;
        let msg = rng.bytes(len);
        let ks = Core::new(load_iv128(&k, &iv), 48, &s0, &s1).bytes(48 + len);
        let ct: Vec<u8> = msg.iter().zip(&ks).map(|(m, z)| m ^ z).collect();
        println!("nea6 {} {} {} {}", hex(&k), hex(&iv), hex(&msg), hex(&ct));
        let tag_bytes = 4 + rng.below(13) as usize;
        let tag = nxa6_tag(&ks[..48], &msg, &[]);
        println!("nia6 {} {} {} {}", hex(&k), hex(&iv), hex(&msg), hex(&tag[..tag_bytes]));
        let aad_len = rng.below(60) as usize;
        let aad = rng.bytes(aad_len);
        let ct: Vec<u8> = msg.iter().zip(&ks[48..]).map(|(m, z)| m ^ z).collect();
        let tag = nxa6_tag(&ks[..48], &aad, &ct);
        println!("nca6 {} {} {} {} {} {}", hex(&k), hex(&iv), hex(&aad), hex(&msg), hex(&ct), hex(&tag[..tag_bytes]));
    }
}
