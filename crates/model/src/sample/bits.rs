//! The two kinds of numbers in a sample file: variable-length integers
//! (LEB128: seven bits a byte, low bits first, the top bit set on every
//! byte but the last) and 3-bit tokens packed low bits first.

/// Why a number could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum NumberError {
    /// The bytes ended inside it.
    End,
    /// It does not fit in 64 bits.
    TooLarge,
}

/// Appends `n` as a variable-length integer.
pub(super) fn put_varint(out: &mut Vec<u8>, mut n: u64) {
    while n >= 0x80 {
        out.push(n as u8 | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

/// Reads variable-length integers from the front of `bytes`.
pub(super) struct Varints<'a> {
    pub(super) bytes: &'a [u8],
}

impl Varints<'_> {
    pub(super) fn next(&mut self) -> Result<u64, NumberError> {
        let mut n = 0u64;
        for shift in (0..64).step_by(7) {
            let (&byte, rest) = self.bytes.split_first().ok_or(NumberError::End)?;
            self.bytes = rest;
            let bits = u64::from(byte & 0x7f);
            if shift == 63 && bits > 1 {
                return Err(NumberError::TooLarge);
            }
            n |= bits << shift;
            if byte & 0x80 == 0 {
                return Ok(n);
            }
        }
        Err(NumberError::TooLarge)
    }
}

/// Bits in a token.
const TOKEN_BITS: usize = 3;

/// Packs 3-bit tokens into bytes.
#[derive(Default)]
pub(super) struct TokenWriter {
    bytes: Vec<u8>,
    bits: usize,
}

impl TokenWriter {
    pub(super) fn put(&mut self, token: u8) {
        let (byte, shift) = (self.bits / 8, self.bits % 8);
        if byte == self.bytes.len() {
            self.bytes.push(0);
        }
        self.bytes[byte] |= token << shift;
        if shift + TOKEN_BITS > 8 {
            self.bytes.push(token >> (8 - shift));
        }
        self.bits += TOKEN_BITS;
    }

    /// The bytes, the last one padded with zero bits.
    pub(super) fn into_bytes(self) -> Vec<u8> {
        self.bytes
    }
}

/// Reads 3-bit tokens from bytes.
pub(super) struct TokenReader<'a> {
    bytes: &'a [u8],
    bits: usize,
}

impl<'a> TokenReader<'a> {
    pub(super) fn new(bytes: &'a [u8]) -> TokenReader<'a> {
        TokenReader { bytes, bits: 0 }
    }

    /// The next token, `None` past the last byte.
    pub(super) fn next(&mut self) -> Option<u8> {
        let (byte, shift) = (self.bits / 8, self.bits % 8);
        if self.bits + TOKEN_BITS > self.bytes.len() * 8 {
            return None;
        }
        let low = u16::from(self.bytes[byte]);
        let high = u16::from(self.bytes.get(byte + 1).copied().unwrap_or(0));
        self.bits += TOKEN_BITS;
        Some(((low | high << 8) >> shift) as u8 & 0b111)
    }

    /// Whether the tokens read so far end the bytes: no byte after the one
    /// holding the last token, and that byte's remaining bits zero.
    pub(super) fn at_end(&self) -> bool {
        let used = self.bits.div_ceil(8);
        let padding = match self.bits % 8 {
            0 => 0,
            shift => self.bytes[used - 1] >> shift,
        };
        used == self.bytes.len() && padding == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_round_trip_at_the_edges() {
        for n in [
            0,
            1,
            127,
            128,
            16_383,
            16_384,
            u64::from(u32::MAX),
            u64::MAX,
        ] {
            let mut bytes = Vec::new();
            put_varint(&mut bytes, n);
            let mut read = Varints { bytes: &bytes };
            assert_eq!(read.next(), Ok(n));
            assert!(read.bytes.is_empty());
            assert_eq!(
                Varints {
                    bytes: &bytes[..bytes.len() - 1]
                }
                .next(),
                Err(NumberError::End)
            );
        }
        // u64::MAX is ten bytes, the last one 1: a 2 there, or an eleventh
        // byte, is too large.
        let mut too_large = vec![0xff; 9];
        too_large.push(2);
        assert_eq!(
            Varints { bytes: &too_large }.next(),
            Err(NumberError::TooLarge)
        );
        let mut too_long = vec![0x80; 10];
        too_long.push(0);
        assert_eq!(
            Varints { bytes: &too_long }.next(),
            Err(NumberError::TooLarge)
        );
    }

    #[test]
    fn tokens_round_trip_across_byte_boundaries() {
        for count in 0..20usize {
            let tokens: Vec<u8> = (0..count).map(|i| (i * 5 + 3) as u8 % 8).collect();
            let mut writer = TokenWriter::default();
            tokens.iter().for_each(|&t| writer.put(t));
            let bytes = writer.into_bytes();
            assert_eq!(bytes.len(), (count * 3).div_ceil(8));
            let mut reader = TokenReader::new(&bytes);
            let back: Vec<u8> = (0..count).map_while(|_| reader.next()).collect();
            assert_eq!(back, tokens);
            assert!(reader.at_end());
        }
        // A set padding bit, or a byte more, is not the end.
        let mut reader = TokenReader::new(&[0b1000_0101]);
        assert_eq!(reader.next(), Some(0b101));
        assert_eq!(reader.next(), Some(0));
        assert!(!reader.at_end());
        let mut reader = TokenReader::new(&[0b101, 0]);
        reader.next();
        assert!(!reader.at_end());
    }
}
