//! UTF-16 text read as UTF-8, a chunk at a time.

use std::io::{self, Read};

/// How many bytes of UTF-16 are decoded at a time.
const CHUNK: usize = 16 << 10;

/// A reader of UTF-16 text that gives its UTF-8, in bounded memory. A byte-order mark at the
/// start is left out; a surrogate without its pair, and an odd byte at the end, are read as
/// U+FFFD, the replacement character.
pub struct Utf16<R> {
    inner: R,
    big_endian: bool,
    /// Bytes read and not yet decoded: `input[..pending]` is an odd byte left from the last
    /// read, the rest is room.
    input: Vec<u8>,
    pending: usize,
    /// UTF-8 decoded and not yet given out: `output[at..]`.
    output: Vec<u8>,
    at: usize,
    /// A high surrogate waiting for its low one.
    high: Option<u16>,
    started: bool,
    ended: bool,
}

impl<R: Read> Utf16<R> {
    /// Decodes `inner`, big-endian or little-endian.
    pub fn new(inner: R, big_endian: bool) -> Utf16<R> {
        Utf16 {
            inner,
            big_endian,
            input: vec![0; CHUNK],
            pending: 0,
            output: Vec::with_capacity(CHUNK * 3 / 2),
            at: 0,
            high: None,
            started: false,
            ended: false,
        }
    }

    /// Decodes the next chunk into `output`.
    fn fill(&mut self) -> io::Result<()> {
        self.output.clear();
        self.at = 0;
        let read = loop {
            match self.inner.read(&mut self.input[self.pending..]) {
                Ok(n) => break n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        };
        if read == 0 {
            self.ended = true;
            if self.high.take().is_some() || self.pending > 0 {
                self.push('\u{fffd}');
            }
            self.pending = 0;
            return Ok(());
        }
        let filled = self.pending + read;
        let whole = filled / 2 * 2;
        for i in (0..whole).step_by(2) {
            let pair = [self.input[i], self.input[i + 1]];
            let unit = if self.big_endian { u16::from_be_bytes(pair) } else { u16::from_le_bytes(pair) };
            self.unit(unit);
        }
        self.pending = filled - whole;
        if self.pending == 1 {
            self.input[0] = self.input[whole];
        }
        Ok(())
    }

    fn unit(&mut self, unit: u16) {
        if !self.started {
            self.started = true;
            if unit == 0xfeff {
                return;
            }
        }
        if let Some(high) = self.high.take() {
            if (0xdc00..=0xdfff).contains(&unit) {
                let code = 0x10000 + ((u32::from(high) - 0xd800) << 10) + (u32::from(unit) - 0xdc00);
                self.push(char::from_u32(code).unwrap_or('\u{fffd}'));
                return;
            }
            self.push('\u{fffd}');
        }
        match unit {
            0xd800..=0xdbff => self.high = Some(unit),
            0xdc00..=0xdfff => self.push('\u{fffd}'),
            _ => self.push(char::from_u32(u32::from(unit)).unwrap_or('\u{fffd}')),
        }
    }

    fn push(&mut self, c: char) {
        let mut bytes = [0; 4];
        self.output.extend_from_slice(c.encode_utf8(&mut bytes).as_bytes());
    }
}

impl<R: Read> Read for Utf16<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.at == self.output.len() {
            if self.ended {
                return Ok(0);
            }
            self.fill()?;
        }
        Ok(super::hand_out(&self.output, &mut self.at, buf))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads `bytes` through a reader that gives one byte at a time, so that pairs and
    /// surrogates fall across reads.
    fn decode(bytes: &[u8], big_endian: bool) -> String {
        struct OneByte<'a>(&'a [u8]);
        impl Read for OneByte<'_> {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                match (self.0.split_first(), buf.first_mut()) {
                    (Some((&b, rest)), Some(slot)) => {
                        *slot = b;
                        self.0 = rest;
                        Ok(1)
                    }
                    _ => Ok(0),
                }
            }
        }
        let mut text = String::new();
        let read = Utf16::new(OneByte(bytes), big_endian).read_to_string(&mut text);
        assert!(read.is_ok(), "{read:?}");
        let mut whole = String::new();
        let _ = Utf16::new(bytes, big_endian).read_to_string(&mut whole);
        assert_eq!(text, whole);
        text
    }

    #[test]
    fn both_byte_orders_with_and_without_a_mark() {
        let text = "[Event \"Café\"]\n\n1. e4 {♘ 𝄞} *\n";
        let le: Vec<u8> = "\u{feff}".encode_utf16().chain(text.encode_utf16()).flat_map(u16::to_le_bytes).collect();
        let be: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
        assert_eq!(decode(&le, false), text);
        assert_eq!(decode(&be, true), text);
        // A long text, across many chunks.
        let long = text.repeat(5000);
        let le: Vec<u8> = long.encode_utf16().flat_map(u16::to_le_bytes).collect();
        assert_eq!(decode(&le, false), long);
    }

    #[test]
    fn broken_text_is_replaced_not_refused() {
        // A high surrogate without its low one, a low one alone, and an odd byte at the end.
        let bytes = [b'a', 0, 0x3d, 0xd8, b'b', 0, 0x1e, 0xdd, b'c'];
        assert_eq!(decode(&bytes, false), "a\u{fffd}b\u{fffd}\u{fffd}");
        assert_eq!(decode(&[0x3d, 0xd8], false), "\u{fffd}");
        assert_eq!(decode(&[], false), "");
    }
}
