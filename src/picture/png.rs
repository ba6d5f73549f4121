//! PNG files of [`Image`]s: written always, read back with the `compression` feature.
//!
//! The writer makes 8-bit RGBA, non-interlaced. With `compression` the rows are filtered
//! (each with the filter whose bytes look smallest, as libpng's heuristic does) and deflated
//! by flate2; without it the data goes in stored deflate blocks, a valid PNG four times the
//! size of the pixels. The reader takes 8-bit RGB and RGBA, non-interlaced, any filters (what
//! browsers' screenshots are), so that a test can compare a browser's picture with ours; it
//! checks every chunk's CRC and the data's Adler-32 and never panics on hostile bytes.
//!
//! This module knows images and the PNG format, nothing of scenes.

use super::raster::Image;
#[cfg(feature = "compression")]
use super::raster::{MAX_PIXELS, MAX_SIDE};

const SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];
/// The most bytes of image data in one IDAT chunk.
const IDAT_SIZE: usize = 1 << 20;

const CRC_TABLE: [u32; 256] = {
    let mut table = [0; 256];
    let mut n = 0;
    while n < 256 {
        let mut c = n as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 == 1 { 0xedb8_8320 ^ (c >> 1) } else { c >> 1 };
            k += 1;
        }
        table[n] = c;
        n += 1;
    }
    table
};

/// The CRC-32 of PNG (and zlib, gzip) over the parts one after another.
fn crc32(parts: &[&[u8]]) -> u32 {
    let mut c = 0xffff_ffff_u32;
    for part in parts {
        for &byte in *part {
            c = CRC_TABLE[((c ^ u32::from(byte)) & 0xff) as usize] ^ (c >> 8);
        }
    }
    c ^ 0xffff_ffff
}

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    out.extend_from_slice(&crc32(&[kind, data]).to_be_bytes());
}

/// Writes `image` as a PNG file. Pixels missing from a short `pixels` are transparent; an
/// image without width or height makes a file readers refuse (PNG has no empty image).
pub fn encode(image: &Image) -> Vec<u8> {
    let filter = if cfg!(feature = "compression") { Filter::Adaptive } else { Filter::Fixed(0) };
    let data = zlib(&filtered_rows(image, filter));
    let mut out = Vec::with_capacity(data.len() + 64);
    out.extend_from_slice(&SIGNATURE);
    let mut header = [0; 13];
    header[..4].copy_from_slice(&image.width.to_be_bytes());
    header[4..8].copy_from_slice(&image.height.to_be_bytes());
    // Bit depth 8, colour type 6 (RGBA), deflate, adaptive filtering, no interlace.
    header[8..].copy_from_slice(&[8, 6, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &header);
    for part in data.chunks(IDAT_SIZE) {
        chunk(&mut out, b"IDAT", part);
    }
    chunk(&mut out, b"IEND", &[]);
    out
}

/// How rows are filtered before deflating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Filter {
    /// Every row with this filter type (0 None, 1 Sub, 2 Up, 3 Average, 4 Paeth).
    Fixed(u8),
    /// Each row with the filter whose output has the least sum of absolute values, read as
    /// signed bytes: small differences deflate well.
    Adaptive,
}

fn filtered_rows(image: &Image, filter: Filter) -> Vec<u8> {
    let stride = image.width as usize * 4;
    let height = image.height as usize;
    let mut out = Vec::with_capacity(height * (stride + 1));
    let mut previous = vec![0; stride];
    let mut row = vec![0; stride];
    let mut candidate = Vec::with_capacity(stride + 1);
    let mut best = Vec::with_capacity(stride + 1);
    for y in 0..height {
        row.fill(0);
        let start = y * stride;
        if let Some(pixels) = image.pixels.get(start..image.pixels.len().min(start + stride))
            && let Some(start) = row.get_mut(..pixels.len())
        {
            start.copy_from_slice(pixels);
        }
        match filter {
            Filter::Fixed(kind) => {
                apply_filter(kind, &previous, &row, &mut best);
            }
            Filter::Adaptive => {
                let mut best_cost = u64::MAX;
                for kind in 0..5 {
                    apply_filter(kind, &previous, &row, &mut candidate);
                    let cost: u64 = candidate.iter().skip(1).map(|&b| u64::from((b as i8).unsigned_abs())).sum();
                    if cost < best_cost {
                        best_cost = cost;
                        std::mem::swap(&mut best, &mut candidate);
                    }
                }
            }
        }
        out.extend_from_slice(&best);
        std::mem::swap(&mut previous, &mut row);
    }
    out
}

/// PNG's predictor of a byte from the one to its left (`a`), above (`b`) and above left (`c`).
fn paeth(a: u8, b: u8, c: u8) -> u8 {
    let p = i16::from(a) + i16::from(b) - i16::from(c);
    let (pa, pb, pc) = ((p - i16::from(a)).abs(), (p - i16::from(b)).abs(), (p - i16::from(c)).abs());
    if pa <= pb && pa <= pc {
        a
    } else if pb <= pc {
        b
    } else {
        c
    }
}

/// Writes filter `kind`'s byte and `row` filtered with it (4 bytes a pixel) into `out`.
fn apply_filter(kind: u8, previous: &[u8], row: &[u8], out: &mut Vec<u8>) {
    const BPP: usize = 4;
    out.clear();
    out.push(kind);
    // The first pixel has nothing to its left: a and c are 0 there.
    let (row_head, row_tail) = row.split_at(row.len().min(BPP));
    let (up_head, up_tail) = previous.split_at(previous.len().min(BPP));
    let left = row.iter();
    let up_left = previous.iter();
    match kind {
        1 => {
            out.extend_from_slice(row_head);
            out.extend(row_tail.iter().zip(left).map(|(&x, &a)| x.wrapping_sub(a)));
        }
        2 => out.extend(row.iter().zip(previous).map(|(&x, &b)| x.wrapping_sub(b))),
        3 => {
            out.extend(row_head.iter().zip(up_head).map(|(&x, &b)| x.wrapping_sub(b / 2)));
            out.extend(
                row_tail
                    .iter()
                    .zip(up_tail)
                    .zip(left)
                    .map(|((&x, &b), &a)| x.wrapping_sub(((u16::from(a) + u16::from(b)) / 2) as u8)),
            );
        }
        4 => {
            out.extend(row_head.iter().zip(up_head).map(|(&x, &b)| x.wrapping_sub(b)));
            out.extend(
                row_tail
                    .iter()
                    .zip(up_tail)
                    .zip(left.zip(up_left))
                    .map(|((&x, &b), (&a, &c))| x.wrapping_sub(paeth(a, b, c))),
            );
        }
        _ => out.extend_from_slice(row),
    }
}

#[cfg(feature = "compression")]
fn zlib(raw: &[u8]) -> Vec<u8> {
    use std::io::Write as _;
    let mut encoder =
        flate2::write::ZlibEncoder::new(Vec::with_capacity(raw.len() / 4 + 64), flate2::Compression::default());
    // Writing into a vector does not fail.
    let _ = encoder.write_all(raw);
    encoder.finish().unwrap_or_default()
}

#[cfg(not(feature = "compression"))]
fn zlib(raw: &[u8]) -> Vec<u8> {
    stored(raw)
}

/// A zlib stream of stored (uncompressed) deflate blocks.
#[cfg(any(test, not(feature = "compression")))]
fn stored(raw: &[u8]) -> Vec<u8> {
    const BLOCK: usize = 65535;
    let mut out = Vec::with_capacity(raw.len() + raw.len() / BLOCK * 5 + 16);
    // Deflate with a 32 KiB window, no dictionary, the fastest level; 0x7801 is a multiple
    // of 31 as the header's check bits require.
    out.extend_from_slice(&[0x78, 0x01]);
    let mut blocks = raw.chunks(BLOCK).peekable();
    if blocks.peek().is_none() {
        out.extend_from_slice(&[1, 0, 0, 0xff, 0xff]);
    }
    while let Some(block) = blocks.next() {
        let last = u8::from(blocks.peek().is_none());
        let len = block.len() as u16;
        out.push(last);
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(&(!len).to_le_bytes());
        out.extend_from_slice(block);
    }
    out.extend_from_slice(&adler32(raw).to_be_bytes());
    out
}

#[cfg(any(test, not(feature = "compression")))]
fn adler32(data: &[u8]) -> u32 {
    const MOD: u32 = 65521;
    let (mut a, mut b) = (1_u32, 0_u32);
    // 5552 bytes are the most that cannot overflow b before the modulo.
    for block in data.chunks(5552) {
        for &byte in block {
            a += u32::from(byte);
            b += a;
        }
        a %= MOD;
        b %= MOD;
    }
    (b << 16) | a
}

/// Why bytes could not be read as a PNG image.
#[cfg(feature = "compression")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PngError {
    /// The bytes do not begin with PNG's signature (a GIF, a text file).
    Signature,
    /// The file ends inside a chunk, or before its IEND chunk.
    Truncated,
    /// A chunk's CRC does not match its bytes.
    Crc {
        /// The chunk's type (`IDAT`).
        chunk: [u8; 4],
    },
    /// The first chunk is not a 13-byte IHDR, or another IHDR comes later.
    Header,
    /// A bit depth, colour type, compression, filter method or interlace this reader does not
    /// read: a palette image, 16 bits a channel, Adam7 interlacing.
    Unsupported {
        /// Bits per channel.
        bit_depth: u8,
        /// PNG's colour type (2 RGB, 6 RGBA).
        color_type: u8,
        /// Interlace method (0 none).
        interlace: u8,
    },
    /// A critical chunk this reader does not know (its type's first letter is upper case).
    UnknownChunk([u8; 4]),
    /// A width or height of 0, or an image larger than the renderer's limits.
    Size {
        /// The width in IHDR.
        width: u32,
        /// The height in IHDR.
        height: u32,
    },
    /// No IDAT chunk.
    NoData,
    /// The image data is not a zlib stream (or its Adler-32 does not match).
    Inflate(String),
    /// The image data inflates to more or fewer bytes than the image's rows.
    Length {
        /// The bytes of the rows, with their filter bytes.
        expected: usize,
        /// The bytes inflated (one more than expected when there were more).
        found: usize,
    },
    /// A row's filter type is not 0 to 4.
    Filter {
        /// The row, from 0 at the top.
        row: u32,
        /// The filter type found.
        filter: u8,
    },
}

#[cfg(feature = "compression")]
impl std::fmt::Display for PngError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let name = |kind: &[u8; 4]| String::from_utf8_lossy(kind).into_owned();
        match self {
            PngError::Signature => write!(f, "not a PNG file (no PNG signature)"),
            PngError::Truncated => write!(f, "the PNG file is truncated"),
            PngError::Crc { chunk } => write!(f, "the CRC of chunk {:?} does not match", name(chunk)),
            PngError::Header => write!(f, "the PNG file does not begin with one IHDR chunk of 13 bytes"),
            PngError::Unsupported { bit_depth, color_type, interlace } => write!(
                f,
                "only 8-bit RGB and RGBA PNGs without interlacing are read, not bit depth {bit_depth}, \
                 colour type {color_type}, interlace {interlace}"
            ),
            PngError::UnknownChunk(kind) => write!(f, "unknown critical chunk {:?}", name(kind)),
            PngError::Size { width, height } => write!(
                f,
                "an image of {width} x {height} pixels is empty or larger than the limit ({MAX_SIDE} a side, {} Mpx)",
                MAX_PIXELS >> 20
            ),
            PngError::NoData => write!(f, "the PNG file has no image data (IDAT)"),
            PngError::Inflate(error) => write!(f, "the image data does not inflate: {error}"),
            PngError::Length { expected, found } => {
                write!(f, "the image data inflates to {found} bytes, not the {expected} of the rows")
            }
            PngError::Filter { row, filter } => write!(f, "row {row} has filter type {filter}, not 0 to 4"),
        }
    }
}

#[cfg(feature = "compression")]
impl std::error::Error for PngError {}

/// Reads an 8-bit RGB or RGBA PNG without interlacing into an RGBA image (RGB opaque).
/// Ancillary chunks (gamma, colour profile, text) are skipped: the pixels are taken as they
/// are.
#[cfg(feature = "compression")]
pub fn decode(bytes: &[u8]) -> Result<Image, PngError> {
    use std::io::Read as _;

    let mut rest = bytes.strip_prefix(&SIGNATURE).ok_or(PngError::Signature)?;
    let mut header: Option<(u32, u32, usize)> = None;
    let mut data = Vec::new();
    loop {
        let (length, tail) = rest.split_first_chunk::<4>().ok_or(PngError::Truncated)?;
        let (kind, tail) = tail.split_first_chunk::<4>().ok_or(PngError::Truncated)?;
        let length = u32::from_be_bytes(*length) as usize;
        if tail.len() < length + 4 {
            return Err(PngError::Truncated);
        }
        let (body, tail) = tail.split_at(length);
        let (crc, tail) = tail.split_first_chunk::<4>().ok_or(PngError::Truncated)?;
        if crc32(&[kind, body]) != u32::from_be_bytes(*crc) {
            return Err(PngError::Crc { chunk: *kind });
        }
        rest = tail;
        match (kind, header) {
            (b"IHDR", None) => {
                let &[w0, w1, w2, w3, h0, h1, h2, h3, bit_depth, color_type, compression, filter, interlace] = body
                else {
                    return Err(PngError::Header);
                };
                if bit_depth != 8 || !matches!(color_type, 2 | 6) || compression != 0 || filter != 0 || interlace != 0 {
                    return Err(PngError::Unsupported { bit_depth, color_type, interlace });
                }
                let (width, height) = (u32::from_be_bytes([w0, w1, w2, w3]), u32::from_be_bytes([h0, h1, h2, h3]));
                if width == 0
                    || height == 0
                    || width > MAX_SIDE
                    || height > MAX_SIDE
                    || u64::from(width) * u64::from(height) > MAX_PIXELS
                {
                    return Err(PngError::Size { width, height });
                }
                header = Some((width, height, if color_type == 6 { 4 } else { 3 }));
            }
            (_, None) | (b"IHDR", Some(_)) => return Err(PngError::Header),
            (b"IDAT", _) => data.extend_from_slice(body),
            (b"IEND", _) => break,
            // A palette is only a suggestion for an RGB image.
            (b"PLTE", _) => {}
            _ if kind[0].is_ascii_uppercase() => return Err(PngError::UnknownChunk(*kind)),
            _ => {}
        }
    }
    let Some((width, height, channels)) = header else { return Err(PngError::Header) };
    if data.is_empty() {
        return Err(PngError::NoData);
    }
    let stride = width as usize * channels;
    let expected = height as usize * (stride + 1);
    // Not reserved ahead: a header cannot make the reader allocate more than the data inflates to.
    let mut raw = Vec::new();
    flate2::read::ZlibDecoder::new(data.as_slice())
        .take(expected as u64 + 1)
        .read_to_end(&mut raw)
        .map_err(|error| PngError::Inflate(error.to_string()))?;
    if raw.len() != expected {
        return Err(PngError::Length { expected, found: raw.len() });
    }
    let mut pixels = Vec::with_capacity(width as usize * height as usize * 4);
    let mut previous = vec![0; stride];
    let mut row = vec![0; stride];
    for (y, line) in raw.chunks_exact(stride + 1).enumerate() {
        let Some((&filter, line)) = line.split_first() else { break };
        unfilter(filter, channels, &previous, line, &mut row).ok_or(PngError::Filter { row: y as u32, filter })?;
        if channels == 4 {
            pixels.extend_from_slice(&row);
        } else {
            for rgb in row.chunks_exact(3) {
                pixels.extend_from_slice(rgb);
                pixels.push(255);
            }
        }
        std::mem::swap(&mut previous, &mut row);
    }
    Ok(Image { width, height, pixels })
}

/// Undoes filter type `filter` on `line` into `row`; `None` for an unknown filter type.
#[cfg(feature = "compression")]
fn unfilter(filter: u8, bpp: usize, previous: &[u8], line: &[u8], row: &mut [u8]) -> Option<()> {
    if filter > 4 {
        return None;
    }
    for i in 0..row.len().min(line.len()).min(previous.len()) {
        let (x, b) = (line[i], previous[i]);
        let (a, c) = match i.checked_sub(bpp) {
            Some(j) => (row[j], previous[j]),
            None => (0, 0),
        };
        row[i] = match filter {
            1 => x.wrapping_add(a),
            2 => x.wrapping_add(b),
            3 => x.wrapping_add(((u16::from(a) + u16::from(b)) / 2) as u8),
            4 => x.wrapping_add(paeth(a, b, c)),
            _ => x,
        };
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An image with flat areas, gradients, noise and translucency, so that every filter wins
    /// somewhere.
    fn sample(width: u32, height: u32) -> Image {
        let mut pixels = Vec::new();
        let mut seed = 0x9e37_79b9_u32;
        for y in 0..height {
            for x in 0..width {
                seed ^= seed << 13;
                seed ^= seed >> 17;
                seed ^= seed << 5;
                let noisy = (seed & 0xff) as u8;
                pixels.extend_from_slice(&match (x / 8 + y / 8) % 4 {
                    0 => [200, 30, 30, 255],
                    1 => [(x * 7) as u8, (y * 5) as u8, ((x + y) * 3) as u8, 255],
                    2 => [noisy, noisy / 2, 255 - noisy, (x * 9) as u8],
                    _ => [0, 0, 0, 0],
                });
            }
        }
        Image { width, height, pixels }
    }

    #[test]
    fn checksums() {
        assert_eq!(crc32(&[b"IEND"]), 0xae42_6082);
        assert_eq!(crc32(&[b"IE", b"ND"]), 0xae42_6082);
        assert_eq!(adler32(b"Wikipedia"), 0x11e6_0398);
        assert_eq!(adler32(&[]), 1);
        // Long enough for the modulo of the blocks.
        let long = vec![255; 100_000];
        let (a, b) = long.iter().fold((1_u64, 0_u64), |(a, b), &x| {
            let a = (a + u64::from(x)) % 65521;
            (a, (b + a) % 65521)
        });
        assert_eq!(adler32(&long), ((b << 16) | a) as u32);
    }

    #[test]
    fn file_structure() {
        let png = encode(&sample(3, 2));
        assert_eq!(png[..8], SIGNATURE);
        assert_eq!(&png[8..16], &[0, 0, 0, 13, b'I', b'H', b'D', b'R']);
        assert_eq!(&png[16..29], &[0, 0, 0, 3, 0, 0, 0, 2, 8, 6, 0, 0, 0]);
        assert_eq!(png[29..33], crc32(&[b"IHDR", &png[16..29]]).to_be_bytes());
        assert_eq!(png[png.len() - 12..], [0, 0, 0, 0, b'I', b'E', b'N', b'D', 0xae, 0x42, 0x60, 0x82]);
    }

    #[cfg(feature = "compression")]
    #[test]
    fn filters_undo_one_another() {
        let image = sample(37, 23);
        let mut previous = vec![0; 37 * 4];
        for row in image.pixels.chunks_exact(37 * 4) {
            for kind in 0..5 {
                let mut filtered = Vec::new();
                apply_filter(kind, &previous, row, &mut filtered);
                assert_eq!(filtered[0], kind);
                let mut back = vec![0; row.len()];
                unfilter(kind, 4, &previous, &filtered[1..], &mut back).unwrap();
                assert_eq!(back, row, "filter {kind}");
            }
            previous = row.to_vec();
        }
    }

    /// The stored deflate blocks of an uncompressed zlib stream, joined; checks the header,
    /// each block's length and its complement, and the Adler-32.
    fn unstore(mut data: &[u8]) -> Vec<u8> {
        assert_eq!(u16::from_be_bytes([data[0], data[1]]) % 31, 0);
        assert_eq!(data[0] & 0x0f, 8, "deflate");
        data = &data[2..];
        let mut out = Vec::new();
        loop {
            let (last, kind) = (data[0] & 1, (data[0] >> 1) & 3);
            assert_eq!(kind, 0, "stored");
            let len = u16::from_le_bytes([data[1], data[2]]);
            assert_eq!(!len, u16::from_le_bytes([data[3], data[4]]));
            out.extend_from_slice(&data[5..5 + usize::from(len)]);
            data = &data[5 + usize::from(len)..];
            if last == 1 {
                break;
            }
        }
        assert_eq!(data, adler32(&out).to_be_bytes());
        out
    }

    #[test]
    fn stored_streams() {
        for len in [0, 1, 65535, 65536, 200_000] {
            let raw: Vec<u8> = (0..len).map(|i| (i * 31 % 251) as u8).collect();
            assert_eq!(unstore(&stored(&raw)), raw, "{len} bytes");
        }
    }

    #[cfg(not(feature = "compression"))]
    #[test]
    fn uncompressed_files_hold_the_rows() {
        let image = sample(30, 20);
        let png = encode(&image);
        let mut rest = &png[8..];
        let mut data = Vec::new();
        while !rest.is_empty() {
            let len = u32::from_be_bytes(rest[..4].try_into().unwrap()) as usize;
            let (kind, body) = (&rest[4..8], &rest[8..8 + len]);
            assert_eq!(rest[8 + len..12 + len], crc32(&[kind, body]).to_be_bytes());
            if kind == b"IDAT" {
                data.extend_from_slice(body);
            }
            rest = &rest[12 + len..];
        }
        let rows = unstore(&data);
        assert_eq!(rows.len(), 20 * (30 * 4 + 1));
        for (row, pixels) in rows.chunks_exact(30 * 4 + 1).zip(image.pixels.chunks_exact(30 * 4)) {
            assert_eq!((row[0], &row[1..]), (0, pixels));
        }
    }

    #[cfg(feature = "compression")]
    fn inflate(data: &[u8]) -> Vec<u8> {
        use std::io::Read as _;
        let mut out = Vec::new();
        flate2::read::ZlibDecoder::new(data).read_to_end(&mut out).unwrap();
        out
    }

    #[cfg(feature = "compression")]
    #[test]
    fn stored_blocks_inflate() {
        for len in [0, 1, 65535, 65536, 200_000] {
            let raw: Vec<u8> = (0..len).map(|i| (i * 31 % 251) as u8).collect();
            assert_eq!(inflate(&stored(&raw)), raw, "{len} bytes");
        }
    }

    #[cfg(feature = "compression")]
    #[test]
    fn round_trip() {
        for (w, h) in [(1, 1), (37, 23), (300, 200)] {
            let image = sample(w, h);
            let png = encode(&image);
            assert_eq!(decode(&png), Ok(image.clone()), "{w} x {h}");
            // Compressed: the flat and empty areas shrink.
            if w > 100 {
                assert!(png.len() < image.pixels.len() / 2, "{} bytes", png.len());
            }
        }
    }

    /// A PNG whose rows are all filtered with `filter`, RGB or RGBA.
    #[cfg(feature = "compression")]
    fn written_with(image: &Image, filter: u8, rgb: bool) -> Vec<u8> {
        let mut source = image.clone();
        if rgb {
            source.pixels = image.pixels.chunks_exact(4).flat_map(|p| [p[0], p[1], p[2]]).collect();
        }
        let stride = image.width as usize * if rgb { 3 } else { 4 };
        let mut raw = Vec::new();
        let mut previous = vec![0; stride];
        for row in source.pixels.chunks_exact(stride) {
            let mut filtered = Vec::new();
            if rgb {
                // The filters of 3-byte pixels: apply_filter's 4 replaced by 3.
                filtered.push(filter);
                for (i, (&x, &b)) in row.iter().zip(&previous).enumerate() {
                    let (a, c) = if i >= 3 { (row[i - 3], previous[i - 3]) } else { (0, 0) };
                    filtered.push(x.wrapping_sub(match filter {
                        1 => a,
                        2 => b,
                        3 => ((u16::from(a) + u16::from(b)) / 2) as u8,
                        4 => paeth(a, b, c),
                        _ => 0,
                    }));
                }
            } else {
                apply_filter(filter, &previous, row, &mut filtered);
            }
            raw.extend_from_slice(&filtered);
            previous = row.to_vec();
        }
        let mut out = SIGNATURE.to_vec();
        let mut header = image.width.to_be_bytes().to_vec();
        header.extend_from_slice(&image.height.to_be_bytes());
        header.extend_from_slice(&[8, if rgb { 2 } else { 6 }, 0, 0, 0]);
        chunk(&mut out, b"IHDR", &header);
        chunk(&mut out, b"sRGB", &[0]);
        let data = zlib(&raw);
        // The data split over two chunks, as some writers do.
        let (first, second) = data.split_at(data.len() / 2);
        chunk(&mut out, b"IDAT", first);
        chunk(&mut out, b"tEXt", b"Comment\0between the data");
        chunk(&mut out, b"IDAT", second);
        chunk(&mut out, b"IEND", &[]);
        out
    }

    #[cfg(feature = "compression")]
    #[test]
    fn every_filter_and_rgb_decode() {
        let image = sample(29, 17);
        let mut opaque = image.clone();
        opaque.pixels.chunks_exact_mut(4).for_each(|p| p[3] = 255);
        for filter in 0..5 {
            assert_eq!(decode(&written_with(&image, filter, false)), Ok(image.clone()), "filter {filter}");
            assert_eq!(decode(&written_with(&image, filter, true)), Ok(opaque.clone()), "rgb, filter {filter}");
        }
        let mut bad = written_with(&image, 1, false);
        // The IHDR's colour type made 3 (palette), its CRC made right again.
        bad[25] = 3;
        let crc = crc32(&[&bad[12..29]]);
        bad[29..33].copy_from_slice(&crc.to_be_bytes());
        assert_eq!(decode(&bad), Err(PngError::Unsupported { bit_depth: 8, color_type: 3, interlace: 0 }));
    }

    #[cfg(feature = "compression")]
    #[test]
    fn stored_png_decodes() {
        let image = sample(40, 30);
        let mut png = SIGNATURE.to_vec();
        let mut header = 40_u32.to_be_bytes().to_vec();
        header.extend_from_slice(&30_u32.to_be_bytes());
        header.extend_from_slice(&[8, 6, 0, 0, 0]);
        chunk(&mut png, b"IHDR", &header);
        chunk(&mut png, b"IDAT", &stored(&filtered_rows(&image, Filter::Fixed(0))));
        chunk(&mut png, b"IEND", &[]);
        assert_eq!(decode(&png), Ok(image));
    }

    #[cfg(feature = "compression")]
    #[test]
    fn hostile_bytes() {
        let png = encode(&sample(20, 10));
        assert_eq!(decode(b"GIF89a"), Err(PngError::Signature));
        assert_eq!(decode(&png[..40]), Err(PngError::Truncated));
        let mut flipped = png.clone();
        flipped[40] ^= 1;
        assert!(matches!(decode(&flipped), Err(PngError::Crc { .. })));
        // Every truncation and many byte changes: errors, never panics.
        for len in 0..png.len() {
            assert!(decode(&png[..len]).is_err(), "{len}");
        }
        for i in 8..png.len() {
            for bit in [0x01, 0x80] {
                let mut changed = png.clone();
                changed[i] ^= bit;
                let _ = decode(&changed);
            }
        }
        // A header of the largest image and a few bytes of data.
        let mut huge = SIGNATURE.to_vec();
        let mut header = MAX_SIDE.to_be_bytes().to_vec();
        header.extend_from_slice(&(MAX_PIXELS as u32 / MAX_SIDE).to_be_bytes());
        header.extend_from_slice(&[8, 6, 0, 0, 0]);
        chunk(&mut huge, b"IHDR", &header);
        chunk(&mut huge, b"IDAT", &stored(&[0; 100]));
        chunk(&mut huge, b"IEND", &[]);
        assert!(matches!(decode(&huge), Err(PngError::Length { found: 100, .. })));
        header[..4].copy_from_slice(&(MAX_SIDE + 1).to_be_bytes());
        let mut larger = SIGNATURE.to_vec();
        chunk(&mut larger, b"IHDR", &header);
        assert_eq!(decode(&larger), Err(PngError::Size { width: MAX_SIDE + 1, height: 4096 }));
        // Data with a row filter of 5.
        let mut bad_filter = SIGNATURE.to_vec();
        let mut header = 1_u32.to_be_bytes().to_vec();
        header.extend_from_slice(&1_u32.to_be_bytes());
        header.extend_from_slice(&[8, 6, 0, 0, 0]);
        chunk(&mut bad_filter, b"IHDR", &header);
        chunk(&mut bad_filter, b"IDAT", &zlib(&[5, 1, 2, 3, 4]));
        chunk(&mut bad_filter, b"IEND", &[]);
        assert_eq!(decode(&bad_filter), Err(PngError::Filter { row: 0, filter: 5 }));
        assert_eq!(PngError::Filter { row: 0, filter: 5 }.to_string(), "row 0 has filter type 5, not 0 to 4");
    }
}
