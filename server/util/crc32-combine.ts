// CRC-32 of a concatenation from the CRCs of its parts (zlib's
// crc32_combine, which Node does not expose): the page cache keeps each
// part's CRC and, on a hit, joins them around this request's nonce and id
// instead of running zlib.crc32 over the whole page again.
const POLY = 0xedb88320;

/** a × b modulo the CRC polynomial (bit-reflected, as zlib). */
function multiplyModP(a: number, b: number): number {
  let m = 0x80000000;
  let product = 0;
  for (;;) {
    if (a & m) {
      product ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return product >>> 0;
}

// X2N[k] = x^(2^k) modulo P.
const X2N: number[] = [];
{
  let p = 0x40000000; // x^1
  X2N.push(p);
  for (let n = 1; n < 32; n++) X2N.push((p = multiplyModP(p, p)));
}

/** x^(8 × bytes) modulo P: the operator that shifts a CRC past `bytes` bytes. */
export function crc32ShiftFor(bytes: number): number {
  let p = 0x80000000; // x^0
  let k = 3;
  for (let n = bytes; n > 0; n = Math.floor(n / 2), k++) if (n % 2) p = multiplyModP(X2N[k & 31], p);
  return p;
}

/** CRC-32 of A followed by B, from crc(A), crc(B) and the shift for B's length (crc32ShiftFor). */
export function crc32Combine(crcA: number, crcB: number, shiftForB: number): number {
  return (multiplyModP(shiftForB, crcA) ^ crcB) >>> 0;
}
