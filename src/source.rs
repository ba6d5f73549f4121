//! The bytes of an input, made text: compression, zip archives and UTF-16 undone, and what is
//! not text at all told apart, before any reader of records sees them.
//!
//! [`open`] (a stream) and [`open_seekable`] (a file) look at the first bytes of an input
//! ([`sniff`]), never at its name, and give its [`Streams`]: one for a plain or compressed
//! file, one per member for a zip archive. Each [`Stream`] is the text to read (UTF-8 or
//! ISO-8859-1 bytes, as the dialect reads them), in bounded memory whatever the size of the
//! input, or the reason it cannot be read: it looks like an HTML page, an image, an
//! executable... ([`Looks`]), its compression is not built in, its data is damaged.
//!
//! Compressed data (gzip, zstd, bzip2 and xz, members concatenated or not) and zip archives
//! are decoded on a thread of their own, a few chunks ahead of the reader, so that decoding
//! runs beside the parse; with the `compression` feature off they are refused by name.
//!
//! This module owns containers and encodings. It must not know the dialect (it tells text
//! from what is not text, never a game from another), file names and paths (its caller names
//! its inputs and chooses a zip's members by their names' extensions), diagnostics, or the
//! command line.

#[cfg(feature = "compression")]
mod decode;
mod utf16;

use std::fmt;
use std::io::{self, Cursor, Read, Seek};

pub use utf16::Utf16;

/// How many bytes at the start of a stream [`sniff`] looks at (fewer when the stream is
/// shorter).
pub const HEAD: usize = 8 << 10;

/// How many layers of compression and archive one stream may be wrapped in (a `.pgn.gz` in a
/// `.zip` is two): deeper is refused, so that no input can make reading recurse without end.
pub const MOST_LAYERS: usize = 4;

/// A compression arbiter reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Compression {
    /// gzip (RFC 1952), `.gz`.
    Gzip,
    /// Zstandard, `.zst`.
    Zstd,
    /// bzip2, `.bz2`.
    Bzip2,
    /// xz, `.xz`.
    Xz,
}

impl Compression {
    /// Every one.
    pub const ALL: [Compression; 4] = [Compression::Gzip, Compression::Zstd, Compression::Bzip2, Compression::Xz];

    /// The format's name.
    pub fn name(self) -> &'static str {
        match self {
            Compression::Gzip => "gzip",
            Compression::Zstd => "zstd",
            Compression::Bzip2 => "bzip2",
            Compression::Xz => "xz",
        }
    }

    /// The extension files of this format end in, without the dot.
    pub fn extension(self) -> &'static str {
        match self {
            Compression::Gzip => "gz",
            Compression::Zstd => "zst",
            Compression::Bzip2 => "bz2",
            Compression::Xz => "xz",
        }
    }
}

/// How a stream's bytes were stored, one layer of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Layer {
    /// Compressed.
    Compressed(Compression),
    /// A member of a zip archive.
    Zip,
    /// UTF-16 text, decoded to UTF-8.
    Utf16 {
        /// Big-endian (else little-endian).
        big_endian: bool,
    },
}

/// What something that is not text looks like, from its first bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Looks {
    /// An HTML page (a saved web page, or an error page saved in place of a download).
    Html,
    /// An XML document.
    Xml,
    /// An RTF document.
    Rtf,
    /// A PDF document.
    Pdf,
    /// An image, of the format named.
    Image(&'static str),
    /// An executable, of the format named.
    Executable(&'static str),
    /// An archive of a format arbiter does not read.
    Archive(&'static str),
    /// Data compressed in a format arbiter does not read.
    Compressed(&'static str),
    /// A file of another program, named with its article ("an SQLite database").
    Document(&'static str),
    /// UTF-32 text.
    Utf32,
    /// Binary data: control characters where text has none.
    Binary,
    /// Nothing but NUL bytes.
    Nul,
}

impl fmt::Display for Looks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Looks::Html => write!(f, "an HTML page"),
            Looks::Xml => write!(f, "an XML document"),
            Looks::Rtf => write!(f, "an RTF document"),
            Looks::Pdf => write!(f, "a PDF document"),
            Looks::Image(format) => write!(f, "a {format} image"),
            Looks::Executable(format) => write!(f, "an executable ({format})"),
            Looks::Archive(format) => write!(f, "a {format} archive"),
            Looks::Compressed(format) => write!(f, "{format}-compressed data"),
            Looks::Document(what) => write!(f, "{what}"),
            Looks::Utf32 => write!(f, "UTF-32 text"),
            Looks::Binary => write!(f, "binary data"),
            Looks::Nul => write!(f, "binary data (NUL bytes)"),
        }
    }
}

/// What the first bytes of a stream say it holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sniffed {
    /// Text: ASCII, UTF-8 or ISO-8859-1 (a UTF-8 byte-order mark is the reader's).
    Text,
    /// UTF-16 text, with or without a byte-order mark.
    Utf16 {
        /// Big-endian (else little-endian).
        big_endian: bool,
    },
    /// A compressed stream.
    Compressed(Compression),
    /// A zip archive.
    Zip,
    /// Not text.
    Looks(Looks),
}

/// What `head`, the first bytes of a stream ([`HEAD`] of them, or all of a shorter stream),
/// says the stream holds. Magic numbers first; then UTF-16 (a byte-order mark, or every
/// other byte NUL); then markup; then binary data, told by control characters (other than
/// tab, line ends, form feed, Ctrl-Z and escape) in more than one byte in fifty, by NUL bytes
/// scattered through the text, or by nothing but NUL bytes. A NUL padding run, which old
/// tools leave at the end of a file, and bytes above 127 (ISO-8859-1 text) are text.
pub fn sniff(head: &[u8]) -> Sniffed {
    if let Some(sniffed) = magic(head) {
        return sniffed;
    }
    if let Some(big_endian) = utf16_without_bom(head) {
        return Sniffed::Utf16 { big_endian };
    }
    if let Some(looks) = markup(head) {
        return Sniffed::Looks(looks);
    }
    let binary = binary(head);
    if head.starts_with(b"MZ") && binary.is_some() {
        return Sniffed::Looks(Looks::Executable("Windows"));
    }
    binary.map_or(Sniffed::Text, Sniffed::Looks)
}

fn magic(head: &[u8]) -> Option<Sniffed> {
    let starts = |magic: &[u8]| head.starts_with(magic);
    let looks = |looks: Looks| Some(Sniffed::Looks(looks));
    if starts(&[0x1f, 0x8b]) {
        return Some(Sniffed::Compressed(Compression::Gzip));
    }
    // A frame, or a skippable frame (0x184D2A50 to 0x184D2A5F, little-endian).
    if starts(&[0x28, 0xb5, 0x2f, 0xfd]) || (head.get(1..4) == Some(&[0x2a, 0x4d, 0x18]) && head[0] & 0xf0 == 0x50) {
        return Some(Sniffed::Compressed(Compression::Zstd));
    }
    if starts(b"BZh") && head.get(3).is_some_and(|b| (b'1'..=b'9').contains(b)) {
        return Some(Sniffed::Compressed(Compression::Bzip2));
    }
    if starts(&[0xfd, b'7', b'z', b'X', b'Z', 0]) {
        return Some(Sniffed::Compressed(Compression::Xz));
    }
    // A local file header, the end record of an empty archive, or the marker of a spanned one.
    if starts(b"PK\x03\x04") || starts(b"PK\x05\x06") || starts(b"PK\x07\x08") {
        return Some(Sniffed::Zip);
    }
    if starts(&[0xff, 0xfe, 0, 0]) || starts(&[0, 0, 0xfe, 0xff]) {
        return looks(Looks::Utf32);
    }
    if starts(&[0xff, 0xfe]) {
        return Some(Sniffed::Utf16 { big_endian: false });
    }
    if starts(&[0xfe, 0xff]) {
        return Some(Sniffed::Utf16 { big_endian: true });
    }
    const SIGNATURES: &[(&[u8], Looks)] = &[
        (b"%PDF-", Looks::Pdf),
        (b"{\\rtf", Looks::Rtf),
        (b"\x89PNG\r\n\x1a\n", Looks::Image("PNG")),
        (b"\xff\xd8\xff", Looks::Image("JPEG")),
        (b"GIF87a", Looks::Image("GIF")),
        (b"GIF89a", Looks::Image("GIF")),
        (b"II*\0", Looks::Image("TIFF")),
        (b"MM\0*", Looks::Image("TIFF")),
        (b"\x7fELF", Looks::Executable("ELF")),
        (b"\xfe\xed\xfa\xce", Looks::Executable("Mach-O")),
        (b"\xfe\xed\xfa\xcf", Looks::Executable("Mach-O")),
        (b"\xce\xfa\xed\xfe", Looks::Executable("Mach-O")),
        (b"\xcf\xfa\xed\xfe", Looks::Executable("Mach-O")),
        (b"\xca\xfe\xba\xbe", Looks::Executable("Mach-O or Java")),
        (b"\0asm", Looks::Executable("WebAssembly")),
        (b"7z\xbc\xaf\x27\x1c", Looks::Archive("7z")),
        (b"Rar!\x1a\x07", Looks::Archive("RAR")),
        (b"\x04\x22\x4d\x18", Looks::Compressed("lz4")),
        (b"LZIP", Looks::Compressed("lzip")),
        (b"\x1f\x9d", Looks::Compressed("Unix compress")),
        (b"SQLite format 3\0", Looks::Document("an SQLite database")),
        (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", Looks::Document("a Microsoft Office document")),
    ];
    if let Some((_, found)) = SIGNATURES.iter().find(|(magic, _)| starts(magic)) {
        return looks(*found);
    }
    if starts(b"RIFF") && head.get(8..12) == Some(b"WEBP") {
        return looks(Looks::Image("WebP"));
    }
    if head.get(257..262) == Some(b"ustar") {
        return looks(Looks::Archive("tar"));
    }
    None
}

/// UTF-16 without a byte-order mark: nearly every pair of bytes a character of ASCII, NUL
/// on the same side. Whether it is big-endian.
fn utf16_without_bom(head: &[u8]) -> Option<bool> {
    let pairs = head.len() / 2;
    if pairs < 2 {
        return None;
    }
    let (mut little, mut big) = (0, 0);
    for pair in head.chunks_exact(2) {
        match (pair[0], pair[1]) {
            (0, 0) => {}
            (b, 0) if b.is_ascii() => little += 1,
            (0, b) if b.is_ascii() => big += 1,
            _ => {}
        }
    }
    // Nine in ten: room for the odd character beyond ASCII.
    match (little * 10 >= pairs * 9, big * 10 >= pairs * 9) {
        (true, false) => Some(false),
        (false, true) => Some(true),
        _ => None,
    }
}

/// A page or document of markup: the first thing in it (after a UTF-8 byte-order mark and
/// white space) a `<` and a letter, `!` or `?` (PGN's own `<` is followed by a digit).
fn markup(head: &[u8]) -> Option<Looks> {
    let text = head.strip_prefix(&[0xef, 0xbb, 0xbf]).unwrap_or(head);
    let start = text.iter().position(|b| !b.is_ascii_whitespace())?;
    let text = &text[start..];
    if !(text.first() == Some(&b'<')
        && text.get(1).is_some_and(|b| b.is_ascii_alphabetic() || *b == b'!' || *b == b'?'))
    {
        return None;
    }
    let lower = text.to_ascii_lowercase();
    let has = |tag: &[u8]| lower.windows(tag.len()).any(|w| w == tag);
    if has(b"<!doctype html") || has(b"<html") || has(b"<head") || has(b"<body") || has(b"<meta") {
        Some(Looks::Html)
    } else {
        Some(Looks::Xml)
    }
}

/// Binary data, or `None` for text (see [`sniff`]).
fn binary(head: &[u8]) -> Option<Looks> {
    if head.is_empty() {
        return None;
    }
    let nul = head.iter().filter(|&&b| b == 0).count();
    if nul == head.len() || (nul > 0 && head.iter().all(|&b| b == 0 || b.is_ascii_whitespace())) {
        return Some(Looks::Nul);
    }
    let controls = head.iter().filter(|&&b| matches!(b, 1..=8 | 0x0e..=0x19 | 0x1c..=0x1f | 0x7f)).count();
    if controls * 50 > head.len() {
        return Some(Looks::Binary);
    }
    // NUL bytes scattered through text, not a run or two of padding.
    let runs = head.windows(2).filter(|w| w[0] == 0 && w[1] != 0).count();
    if nul * 8 > head.len() && runs > 8 {
        return Some(Looks::Binary);
    }
    None
}

/// Why a stream gives no text.
#[derive(Debug)]
pub enum Refusal {
    /// It is not text: what it looks like.
    Looks(Looks),
    /// It is compressed, and this build reads no compressed input (the `compression` feature
    /// is off).
    NotBuilt(Compression),
    /// It is wrapped in more than [`MOST_LAYERS`] layers of compression and archives.
    TooDeep,
    /// A zip archive holds no member whose name has one of the extensions asked for.
    NoMember,
    /// A member of a zip archive that cannot be read: encrypted, or compressed with a method
    /// arbiter does not read (the reason).
    Member(String),
    /// Reading failed, or the compressed data or archive is damaged.
    Io(io::Error),
}

impl Refusal {
    /// Whether the input could not be read at all (an I/O error, or damaged compressed data),
    /// rather than read and found to hold no text.
    pub fn is_io(&self) -> bool {
        matches!(self, Refusal::Io(_))
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Looks(looks) => write!(f, "this looks like {looks}"),
            Refusal::NotBuilt(c) => write!(
                f,
                "this is {}-compressed data, and this arbiter was built without the compression feature",
                c.name()
            ),
            Refusal::TooDeep => {
                write!(f, "compressed or archived more than {MOST_LAYERS} times over, which arbiter does not read")
            }
            Refusal::NoMember => write!(f, "the zip archive holds no file to read"),
            Refusal::Member(reason) => write!(f, "{reason}"),
            Refusal::Io(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for Refusal {}

/// The text of one stream, or why there is none.
pub type Content = Result<Box<dyn Read + Send>, Refusal>;

/// One stream of an input: the input itself, or a member of an archive.
pub struct Stream {
    /// The member's name in its archive (`twic1599.pgn`); `None` for the input itself. A
    /// member of an archive inside an archive is named with both names, joined by `:`.
    pub member: Option<String>,
    /// How it was stored, outermost first (empty for plain text).
    pub layers: Vec<Layer>,
    /// Its text, or why it cannot be read.
    pub content: Content,
}

impl Stream {
    fn whole(layers: Vec<Layer>, content: Content) -> Stream {
        Stream { member: None, layers, content }
    }

    /// Whether the stream was compressed or came out of an archive: it cannot be rewritten in
    /// place as text.
    pub fn is_packed(&self) -> bool {
        self.layers.iter().any(|l| matches!(l, Layer::Compressed(_) | Layer::Zip))
    }

    /// The compression of its outermost compressed layer, if any.
    pub fn compression(&self) -> Option<Compression> {
        self.layers.iter().find_map(|l| match l {
            Layer::Compressed(c) => Some(*c),
            _ => None,
        })
    }
}

impl fmt::Debug for Stream {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Stream")
            .field("member", &self.member)
            .field("layers", &self.layers)
            .field("content", &self.content.as_ref().map(|_| "text"))
            .finish()
    }
}

/// What to read of an input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The extensions (without the dot, any case) of the zip members to read, each perhaps
    /// followed by a compression's (`pgn` reads `a.pgn` and `a.PGN.gz`). Other members are
    /// passed over, as are directories and the `__MACOSX/` resource files of macOS archives.
    pub members: Vec<String>,
}

impl Default for Options {
    fn default() -> Options {
        Options { members: vec!["pgn".to_owned()] }
    }
}

impl Options {
    /// Whether a member named `name` is one to read.
    pub fn reads_member(&self, name: &str) -> bool {
        let lower = name.to_ascii_lowercase();
        let file = lower.rsplit('/').next().unwrap_or(&lower);
        if lower.starts_with("__macosx/") || file.starts_with("._") || lower.ends_with('/') {
            return false;
        }
        let stem = Compression::ALL
            .iter()
            .find_map(|c| file.strip_suffix(c.extension()).and_then(|s| s.strip_suffix('.')))
            .unwrap_or(file);
        self.members.iter().any(|ext| {
            stem.strip_suffix(ext.to_ascii_lowercase().as_str()).is_some_and(|s| s.ends_with('.') && s.len() > 1)
        })
    }
}

/// The streams of one input, in order.
pub struct Streams {
    inner: Inner,
}

enum Inner {
    One(Option<Stream>),
    #[cfg(feature = "compression")]
    Decoded(decode::Receiver),
}

impl Streams {
    fn one(stream: Stream) -> Streams {
        Streams { inner: Inner::One(Some(stream)) }
    }

    /// The streams of an input that gives no text: one stream, refused.
    pub fn refused(refusal: Refusal) -> Streams {
        Streams::one(Stream::whole(Vec::new(), Err(refusal)))
    }
}

impl Iterator for Streams {
    type Item = Stream;

    fn next(&mut self) -> Option<Stream> {
        match &mut self.inner {
            Inner::One(stream) => stream.take(),
            #[cfg(feature = "compression")]
            Inner::Decoded(receiver) => receiver.next(),
        }
    }
}

/// Reads up to [`HEAD`] bytes from the start of `reader` (fewer only at its end).
pub fn read_head<R: Read + ?Sized>(reader: &mut R) -> io::Result<Vec<u8>> {
    let mut head = Vec::with_capacity(HEAD);
    reader.take(HEAD as u64).read_to_end(&mut head)?;
    Ok(head)
}

/// The streams of `reader`, recognised by their first bytes: the text of a plain or UTF-16
/// stream is read on the caller's thread; compressed data and zip archives (read by their
/// local headers, as a stream) are decoded on a thread of their own.
pub fn open<R: Read + Send + 'static>(mut reader: R, options: &Options) -> Streams {
    match read_head(&mut reader) {
        Ok(head) => open_after(Cursor::new(head).chain(reader), options),
        Err(e) => Streams::refused(Refusal::Io(e)),
    }
}

/// [`open`] for a reader that can seek, such as a file: a zip archive is read by its central
/// directory, which finds every member, whatever the tool that wrote it.
pub fn open_seekable<R: Read + Seek + Send + 'static>(mut reader: R, options: &Options) -> Streams {
    let head = match read_head(&mut reader) {
        Ok(head) => head,
        Err(e) => return Streams::refused(Refusal::Io(e)),
    };
    #[cfg(feature = "compression")]
    if sniff(&head) == Sniffed::Zip {
        return match reader.seek(io::SeekFrom::Start(0)) {
            Ok(_) => Streams { inner: Inner::Decoded(decode::zip_archive(reader, options.clone())) },
            Err(e) => Streams::refused(Refusal::Io(e)),
        };
    }
    open_after(Cursor::new(head).chain(reader), options)
}

/// The streams of `reader`, whose head (up to [`HEAD`] bytes) is in its first part.
fn open_after<R: Read + Send + 'static>(reader: io::Chain<Cursor<Vec<u8>>, R>, options: &Options) -> Streams {
    match sniff(reader.get_ref().0.get_ref()) {
        Sniffed::Text => Streams::one(Stream::whole(Vec::new(), Ok(Box::new(reader)))),
        Sniffed::Utf16 { big_endian } => {
            let layers = vec![Layer::Utf16 { big_endian }];
            Streams::one(Stream::whole(layers, Ok(Box::new(Utf16::new(reader, big_endian)))))
        }
        Sniffed::Looks(looks) => Streams::refused(Refusal::Looks(looks)),
        #[cfg(feature = "compression")]
        Sniffed::Compressed(_) | Sniffed::Zip => {
            Streams { inner: Inner::Decoded(decode::stream(Box::new(reader), options.clone())) }
        }
        #[cfg(not(feature = "compression"))]
        Sniffed::Compressed(c) => {
            let _ = options;
            Streams::refused(Refusal::NotBuilt(c))
        }
        #[cfg(not(feature = "compression"))]
        Sniffed::Zip => Streams::refused(Refusal::Looks(Looks::Archive("zip"))),
    }
}

/// Copies what `buf` can take of `pending[*at..]`, a decoder's output not yet read, and moves
/// `at` past it: the last step of a decoding reader's `read`.
fn hand_out(pending: &[u8], at: &mut usize, buf: &mut [u8]) -> usize {
    let available = pending.get(*at..).unwrap_or_default();
    let n = available.len().min(buf.len());
    buf[..n].copy_from_slice(&available[..n]);
    *at += n;
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(streams: Streams) -> Vec<(Option<String>, Result<String, String>)> {
        streams
            .map(|s| {
                let text = match s.content {
                    Ok(mut reader) => {
                        let mut bytes = Vec::new();
                        match reader.read_to_end(&mut bytes) {
                            Ok(_) => Ok(String::from_utf8_lossy(&bytes).into_owned()),
                            Err(e) => Err(e.to_string()),
                        }
                    }
                    Err(refusal) => Err(refusal.to_string()),
                };
                (s.member, text)
            })
            .collect()
    }

    const GAME: &str = "[Event \"E\"]\n\n1. e4 e5 *\n";

    #[test]
    fn text_is_text() {
        assert_eq!(sniff(GAME.as_bytes()), Sniffed::Text);
        assert_eq!(sniff(b""), Sniffed::Text);
        // ISO-8859-1, a byte-order mark, CRLF, padding at the end, an escape and a form feed.
        assert_eq!(sniff(b"[Event \"caf\xe9\"]\r\n\r\n1. e4 *\r\n\0\0\0\x1a\x1a"), Sniffed::Text);
        assert_eq!(sniff(b"\xef\xbb\xbf[Event \"E\"]\n\x0c\n\x1b[1m1. e4\x1b[0m *\n"), Sniffed::Text);
        // A die cast opens with `<` too.
        assert_eq!(sniff(b"<3> 1. e4 *\n"), Sniffed::Text);
        // A stray control character or two is the parser's to report.
        assert_eq!(sniff(format!("{GAME}\x07{GAME}{GAME}").as_bytes()), Sniffed::Text);
        assert_eq!(read_all(open(GAME.as_bytes(), &Options::default())), [(None, Ok(GAME.to_owned()))]);
    }

    #[test]
    fn what_is_not_text_is_named() {
        let cases: &[(&[u8], &str)] = &[
            (b"<!DOCTYPE html>\n<html><head>", "an HTML page"),
            (b"\xef\xbb\xbf\n  <html lang=\"en\">", "an HTML page"),
            (b"<?xml version=\"1.0\"?>\n<games/>", "an XML document"),
            (b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "a PDF document"),
            (b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR", "a PNG image"),
            (b"\xff\xd8\xff\xe0\0\x10JFIF", "a JPEG image"),
            (b"\x7fELF\x02\x01\x01\0\0\0\0", "an executable (ELF)"),
            (b"7z\xbc\xaf\x27\x1c\0\x04", "a 7z archive"),
            (b"Rar!\x1a\x07\x01\0", "a RAR archive"),
            (b"\xff\xfe\0\0[\0\0\0", "UTF-32 text"),
            (b"{\\rtf1\\ansi [Event]}", "an RTF document"),
            (b"\0\0\0\0\0\0\0\0\0\0\0\0\n\0", "binary data (NUL bytes)"),
        ];
        for (head, what) in cases {
            match sniff(head) {
                Sniffed::Looks(looks) => assert_eq!(looks.to_string(), *what, "{head:?}"),
                other => panic!("{head:?}: {other:?}"),
            }
        }
        let mut tar = vec![0u8; 1024];
        tar[..9].copy_from_slice(b"games.pgn");
        tar[257..262].copy_from_slice(b"ustar");
        assert_eq!(sniff(&tar), Sniffed::Looks(Looks::Archive("tar")));
        // Random bytes, and an executable for Windows.
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let random: Vec<u8> = (0..4096)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                (state >> 24) as u8
            })
            .collect();
        assert_eq!(sniff(&random), Sniffed::Looks(Looks::Binary));
        assert_eq!(sniff(&[b"MZ".as_slice(), &random].concat()), Sniffed::Looks(Looks::Executable("Windows")));
        // Text with NUL bytes between its characters, here and there.
        let scattered: Vec<u8> =
            GAME.repeat(20).bytes().flat_map(|b| if b == b' ' { vec![0, 0] } else { vec![b] }).collect();
        assert_eq!(sniff(&scattered), Sniffed::Looks(Looks::Binary));
        let refused = read_all(open(&b"<html><body>1. e4</body></html>"[..], &Options::default()));
        assert_eq!(refused, [(None, Err("this looks like an HTML page".to_owned()))]);
    }

    #[test]
    fn compression_and_archives_by_their_magic_numbers() {
        assert_eq!(sniff(&[0x1f, 0x8b, 8, 0]), Sniffed::Compressed(Compression::Gzip));
        assert_eq!(sniff(&[0x28, 0xb5, 0x2f, 0xfd, 0]), Sniffed::Compressed(Compression::Zstd));
        assert_eq!(sniff(&[0x5e, 0x2a, 0x4d, 0x18, 0]), Sniffed::Compressed(Compression::Zstd));
        assert_eq!(sniff(b"BZh91AY&SY"), Sniffed::Compressed(Compression::Bzip2));
        assert_eq!(sniff(b"BZh [Event]"), Sniffed::Text);
        assert_eq!(sniff(b"\xfd7zXZ\0\0"), Sniffed::Compressed(Compression::Xz));
        assert_eq!(sniff(b"PK\x03\x04\x14\0"), Sniffed::Zip);
        assert_eq!(sniff(b"PK\x05\x06\0\0"), Sniffed::Zip);
    }

    /// Built without the decoders, a compressed input is refused by name.
    #[cfg(not(feature = "compression"))]
    #[test]
    fn without_the_compression_feature_compressed_input_is_refused() {
        let refused = read_all(open(&[0x1f, 0x8b, 8, 0, 0][..], &Options::default()));
        assert_eq!(
            refused,
            [(
                None,
                Err("this is gzip-compressed data, and this arbiter was built without the compression feature"
                    .to_owned())
            )]
        );
        let zip = read_all(open(&b"PK\x03\x04"[..], &Options::default()));
        assert_eq!(zip, [(None, Err("this looks like a zip archive".to_owned()))]);
    }

    #[test]
    fn utf16_with_and_without_a_byte_order_mark() {
        let le: Vec<u8> = GAME.encode_utf16().flat_map(u16::to_le_bytes).collect();
        let be: Vec<u8> = GAME.encode_utf16().flat_map(u16::to_be_bytes).collect();
        assert_eq!(sniff(&le), Sniffed::Utf16 { big_endian: false });
        assert_eq!(sniff(&be), Sniffed::Utf16 { big_endian: true });
        assert_eq!(sniff(&[&[0xff, 0xfe][..], &le].concat()), Sniffed::Utf16 { big_endian: false });
        assert_eq!(sniff(&[&[0xfe, 0xff][..], &be].concat()), Sniffed::Utf16 { big_endian: true });
        for bytes in [[&[0xff, 0xfe][..], &le].concat(), [&[0xfe, 0xff][..], &be].concat(), le] {
            let streams = open(Cursor::new(bytes), &Options::default());
            assert_eq!(read_all(streams), [(None, Ok(GAME.to_owned()))]);
        }
    }

    #[test]
    fn members_are_chosen_by_their_extensions() {
        let options = Options::default();
        for name in ["twic1599.pgn", "a/b/Games.PGN", "x.pgn.gz", "x.pgn.ZST", "x.pgn.bz2", "x.pgn.xz"] {
            assert!(options.reads_member(name), "{name}");
        }
        for name in ["readme.txt", "pgn", ".pgn", "x.pgnx", "dir/", "__MACOSX/._x.pgn", "a/._x.pgn", "x.gz"] {
            assert!(!options.reads_member(name), "{name}");
        }
        let json = Options { members: vec!["json".to_owned(), "jsonl".to_owned()] };
        assert!(json.reads_member("a.jsonl") && !json.reads_member("a.pgn"));
    }
}
