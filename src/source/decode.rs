//! Compressed data and zip archives, decoded on a thread of their own.
//!
//! The thread unwraps an input layer by layer ([`Out::unpack`]): each layer's first bytes are
//! sniffed again, so a `.pgn.gz` in a zip, a gzip of UTF-16 text or an HTML page saved as
//! `.pgn.zst` are read (or refused) as what they are. Each stream found is handed over with a
//! [`Pipe`] of its own, through which the decoded text follows, a few chunks ahead of the
//! reader; so memory is bounded by those chunks and the decoders' own windows, and the
//! thread waits whenever the reader falls behind.

use std::io::{self, BufReader, Cursor, Read, Seek};
use std::panic::{self, AssertUnwindSafe};
use std::sync::mpsc::{self, SyncSender};
use std::thread;

use super::{Compression, HEAD, Layer, MOST_LAYERS, Options, Refusal, Sniffed, Stream, Utf16, sniff};

/// The size of the chunks of text handed over.
const CHUNK: usize = 64 << 10;
/// How many chunks of a stream may wait for the reader.
const CHUNKS_AHEAD: usize = 4;
/// The most memory an xz stream may ask for, in KiB: more than `xz -9` needs (65 MiB). (A
/// zstd frame may ask for a window of 128 MiB, libzstd's own bound.)
const XZ_MEMORY_KIB: u32 = 256 << 10;

/// What the thread sends: a stream, or the end of the input.
enum Message {
    Stream(Stream),
    Done,
}

/// The streams a decoding thread finds, in order.
pub struct Receiver {
    messages: mpsc::Receiver<Message>,
    done: bool,
}

impl Receiver {
    /// The next stream, or `None` at the end of the input.
    pub fn next(&mut self) -> Option<Stream> {
        if self.done {
            return None;
        }
        match self.messages.recv() {
            Ok(Message::Stream(stream)) => Some(stream),
            Ok(Message::Done) => {
                self.done = true;
                None
            }
            Err(_) => {
                self.done = true;
                Some(Stream::whole(Vec::new(), Err(Refusal::Io(io::Error::other("decoding stopped unexpectedly")))))
            }
        }
    }
}

/// Decodes `reader`, a stream that begins with compressed data or a zip archive.
pub fn stream(reader: Box<dyn Read + Send>, options: Options) -> Receiver {
    spawn(options, move |out| {
        let mut reader = reader;
        out.unpack(&mut reader, None, Vec::new());
    })
}

/// Reads the zip archive `reader` by its central directory.
pub fn zip_archive<R: Read + Seek + Send + 'static>(reader: R, options: Options) -> Receiver {
    spawn(options, move |out| out.archive(reader))
}

fn spawn(options: Options, work: impl FnOnce(&Out) + Send + 'static) -> Receiver {
    // One stream may wait while the reader is on the one before.
    let (sender, messages) = mpsc::sync_channel(1);
    let thread_sender = sender.clone();
    let spawned = thread::Builder::new().name("arbiter-decode".to_owned()).spawn(move || {
        let out = Out { sender: thread_sender, options };
        // A decoder that panics on hostile data must not take the run with it.
        if panic::catch_unwind(AssertUnwindSafe(|| work(&out))).is_err() {
            let failure = io::Error::other("the decoder failed on this input");
            out.send(Stream::whole(Vec::new(), Err(Refusal::Io(failure))));
        }
        let _ = out.sender.send(Message::Done);
    });
    if let Err(e) = spawned {
        let (sender, messages) = mpsc::sync_channel(2);
        let _ = sender.send(Message::Stream(Stream::whole(Vec::new(), Err(Refusal::Io(e)))));
        let _ = sender.send(Message::Done);
        return Receiver { messages, done: false };
    }
    Receiver { messages, done: false }
}

/// How handing over a stream went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    /// On to the next.
    Continue,
    /// Its data failed: a container read as a stream has lost its place.
    Failed,
    /// The reader has gone: nothing more to do.
    Stop,
}

/// The thread's end of the channel.
struct Out {
    sender: SyncSender<Message>,
    options: Options,
}

impl Out {
    /// Hands `stream` over; false when the reader has gone.
    fn send(&self, stream: Stream) -> bool {
        self.sender.send(Message::Stream(stream)).is_ok()
    }

    fn refuse(&self, member: Option<String>, layers: Vec<Layer>, refusal: Refusal) -> Flow {
        let failed = refusal.is_io();
        match self.send(Stream { member, layers, content: Err(refusal) }) {
            false => Flow::Stop,
            true if failed => Flow::Failed,
            true => Flow::Continue,
        }
    }

    /// The streams of `reader`, a layer at a time.
    fn unpack(&self, reader: &mut dyn Read, member: Option<String>, mut layers: Vec<Layer>) -> Flow {
        // Data damaged within its first bytes still gives the games before the damage.
        let mut head = Vec::with_capacity(HEAD);
        let failure = match Read::take(&mut *reader, HEAD as u64).read_to_end(&mut head) {
            Ok(_) => None,
            Err(e) if head.is_empty() => return self.refuse(member, layers, Refusal::Io(e)),
            Err(e) => Some(e),
        };
        let sniffed = sniff(&head);
        let mut reader = Cursor::new(head).chain(Then { rest: reader, failure, failed: false });
        match sniffed {
            Sniffed::Text => self.deliver(&mut reader, member, layers),
            Sniffed::Utf16 { big_endian } => {
                layers.push(Layer::Utf16 { big_endian });
                self.deliver(&mut Utf16::new(reader, big_endian), member, layers)
            }
            Sniffed::Looks(looks) => self.refuse(member, layers, Refusal::Looks(looks)),
            Sniffed::Compressed(_) | Sniffed::Zip if layers.len() >= MOST_LAYERS => {
                self.refuse(member, layers, Refusal::TooDeep)
            }
            Sniffed::Compressed(compression) => {
                layers.push(Layer::Compressed(compression));
                let mut decoded = Labelled { inner: decoder(compression, reader), what: compression.name() };
                self.unpack(&mut decoded, member, layers)
            }
            Sniffed::Zip => {
                layers.push(Layer::Zip);
                self.zip_stream(reader, member, layers)
            }
        }
    }

    /// Hands over a stream of text and then its chunks.
    fn deliver(&self, reader: &mut dyn Read, member: Option<String>, layers: Vec<Layer>) -> Flow {
        let (pieces, receiver) = mpsc::sync_channel(CHUNKS_AHEAD);
        let pipe = Pipe { pieces: receiver, chunk: Vec::new(), at: 0, over: false };
        if !self.send(Stream { member, layers, content: Ok(Box::new(pipe)) }) {
            return Flow::Stop;
        }
        loop {
            let mut chunk = vec![0; CHUNK];
            let (filled, end) = fill(reader, &mut chunk);
            chunk.truncate(filled);
            // A reader that has let the stream go (it stopped early) is no failure.
            if filled > 0 && pieces.send(Piece::Data(chunk)).is_err() {
                return Flow::Continue;
            }
            match end {
                None => {}
                Some(Ok(())) => {
                    let _ = pieces.send(Piece::End);
                    return Flow::Continue;
                }
                Some(Err(e)) => {
                    let _ = pieces.send(Piece::Failed(e));
                    return Flow::Failed;
                }
            }
        }
    }

    /// The members of a zip archive read from a stream, by their local headers.
    fn zip_stream(&self, mut reader: impl Read, member: Option<String>, layers: Vec<Layer>) -> Flow {
        let mut found = false;
        loop {
            let mut file = match zip::read::read_zipfile_from_stream(&mut reader) {
                Ok(Some(file)) => file,
                Ok(None) => break,
                Err(e) => return self.refuse(member, layers, Refusal::Io(zip_error(e))),
            };
            let Ok(name) = file.name().map(|n| n.into_owned()) else { continue };
            if file.is_dir() || !self.options.reads_member(&name) {
                continue;
            }
            found = true;
            let inner = joined(member.as_deref(), &name);
            let flow = match unreadable(&file) {
                Some(reason) => self.refuse(Some(inner), layers.clone(), Refusal::Member(reason)),
                None => self.unpack(&mut Labelled { inner: &mut file, what: "zip" }, Some(inner), layers.clone()),
            };
            if flow != Flow::Continue {
                return flow;
            }
        }
        if found { Flow::Continue } else { self.refuse(member, layers, Refusal::NoMember) }
    }

    /// The members of a zip archive read by its central directory.
    fn archive<R: Read + Seek>(&self, reader: R) {
        let layers = vec![Layer::Zip];
        let mut archive = match zip::ZipArchive::new(BufReader::new(reader)) {
            Ok(archive) => archive,
            Err(e) => {
                self.refuse(None, layers, Refusal::Io(zip_error(e)));
                return;
            }
        };
        let mut found = false;
        for index in 0..archive.len() {
            let name = match archive.name_for_index(index) {
                Some(Ok(name)) => name.into_owned(),
                _ => continue,
            };
            if name.ends_with('/') || !self.options.reads_member(&name) {
                continue;
            }
            found = true;
            let flow = match archive.by_index(index) {
                Ok(mut file) => match unreadable(&file) {
                    Some(reason) => self.refuse(Some(name), layers.clone(), Refusal::Member(reason)),
                    None => self.unpack(&mut Labelled { inner: &mut file, what: "zip" }, Some(name), layers.clone()),
                },
                Err(e) => self.refuse(Some(name), layers.clone(), member_error(e)),
            };
            // The directory knows where the next member is, whatever befell this one.
            if flow == Flow::Stop {
                return;
            }
        }
        if !found {
            self.refuse(None, layers, Refusal::NoMember);
        }
    }
}

/// `outer:inner`, the name of a member of a member.
fn joined(outer: Option<&str>, inner: &str) -> String {
    match outer {
        Some(outer) => format!("{outer}:{inner}"),
        None => inner.to_owned(),
    }
}

/// Why a member cannot be read, before reading it.
fn unreadable<R: Read + ?Sized>(file: &zip::read::ZipFile<'_, R>) -> Option<String> {
    if file.encrypted() {
        return Some("encrypted, which arbiter does not read".to_owned());
    }
    let method = file.compression();
    (!zip::SUPPORTED_COMPRESSION_METHODS.contains(&method))
        .then(|| format!("compressed with the zip method {method}, which arbiter does not read"))
}

fn member_error(e: zip::result::ZipError) -> Refusal {
    match e {
        zip::result::ZipError::UnsupportedArchive(zip::result::ZipError::PASSWORD_REQUIRED) => {
            Refusal::Member("encrypted, which arbiter does not read".to_owned())
        }
        zip::result::ZipError::CompressionMethodNotSupported(method) => {
            Refusal::Member(format!("compressed with the zip method {method}, which arbiter does not read"))
        }
        e => Refusal::Io(zip_error(e)),
    }
}

/// A zip error as an I/O error that says what happened.
fn zip_error(e: zip::result::ZipError) -> io::Error {
    match e {
        zip::result::ZipError::Io(e) if e.kind() == io::ErrorKind::UnexpectedEof => {
            io::Error::new(io::ErrorKind::UnexpectedEof, "the zip archive ends early (is the file cut short?)")
        }
        zip::result::ZipError::Io(e) => e,
        zip::result::ZipError::UnsupportedArchive(zip::result::ZipError::PASSWORD_REQUIRED) => io::Error::new(
            io::ErrorKind::Unsupported,
            "a member of this zip archive is encrypted, which arbiter does not read, and a stream cannot be read \
             past it: read the archive from a file",
        ),
        zip::result::ZipError::UnsupportedArchive("The file length is not available in the local header") => {
            io::Error::new(
                io::ErrorKind::Unsupported,
                "a member of this zip archive gives its size only after its data, which cannot be read from a \
             stream: read the archive from a file",
            )
        }
        e => io::Error::new(io::ErrorKind::InvalidData, format!("the zip archive is damaged ({e})")),
    }
}

/// The decoder of `compression` over `reader`, reading every member (or frame, or stream)
/// of a concatenated file.
fn decoder<'a>(compression: Compression, reader: impl Read + 'a) -> Box<dyn Read + 'a> {
    match compression {
        Compression::Gzip => Box::new(flate2::read::MultiGzDecoder::new(reader)),
        Compression::Zstd => match zstd::stream::read::Decoder::new(reader) {
            Ok(decoder) => Box::new(decoder),
            Err(e) => Box::new(Then { rest: io::empty(), failure: Some(e), failed: false }),
        },
        Compression::Bzip2 => Box::new(bzip2::read::MultiBzDecoder::new(reader)),
        Compression::Xz => Box::new(lzma_rust2::XzReader::new_mem_limit(BufReader::new(reader), true, XZ_MEMORY_KIB)),
    }
}

/// Reads until `buf` is full, the stream ends or reading fails: how many bytes were read
/// (the bytes before a failure count), and how the stream ended, if it did.
fn fill(reader: &mut dyn Read, buf: &mut [u8]) -> (usize, Option<io::Result<()>>) {
    let mut filled = 0;
    while filled < buf.len() {
        match reader.read(&mut buf[filled..]) {
            Ok(0) => return (filled, Some(Ok(()))),
            Ok(n) => filled += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return (filled, Some(Err(e))),
        }
    }
    (filled, None)
}

/// A decoder whose errors say what was being decoded: the data ends early, or is damaged.
struct Labelled<R> {
    inner: R,
    what: &'static str,
}

/// An error a [`Labelled`] decoder has worded already (an inner layer's).
#[derive(Debug)]
struct Worded(String);

impl std::fmt::Display for Worded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Worded {}

impl<R: Read> Read for Labelled<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.inner.read(buf).map_err(|e| {
            if e.get_ref().is_some_and(|inner| inner.is::<Worded>()) {
                return e;
            }
            let what = self.what;
            let (kind, message) = match e.kind() {
                io::ErrorKind::UnexpectedEof => {
                    (e.kind(), format!("the {what} data ends early (is the file cut short?)"))
                }
                // A window or dictionary larger than the decoders are allowed (zstd's 128 MiB,
                // xz's 256 MiB).
                _ if e.kind() == io::ErrorKind::OutOfMemory || e.to_string().contains("memory") => {
                    (io::ErrorKind::OutOfMemory, format!("the {what} data needs more memory than arbiter allows ({e})"))
                }
                _ => (io::ErrorKind::InvalidData, format!("the {what} data is damaged ({e})")),
            };
            io::Error::new(kind, Worded(message))
        })
    }
}

/// The rest of a stream after its head: the reader, or the error that cut the head short
/// (and nothing after it).
struct Then<R> {
    rest: R,
    failure: Option<io::Error>,
    failed: bool,
}

impl<R: Read> Read for Then<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if let Some(e) = self.failure.take() {
            self.failed = true;
            return Err(e);
        }
        if self.failed { Ok(0) } else { self.rest.read(buf) }
    }
}

/// What follows a stream's handing over.
enum Piece {
    Data(Vec<u8>),
    End,
    Failed(io::Error),
}

/// The reader's end of a stream: the chunks the thread decodes.
struct Pipe {
    pieces: mpsc::Receiver<Piece>,
    chunk: Vec<u8>,
    at: usize,
    over: bool,
}

impl Read for Pipe {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.at == self.chunk.len() {
            if self.over {
                return Ok(0);
            }
            match self.pieces.recv() {
                Ok(Piece::Data(chunk)) => {
                    self.chunk = chunk;
                    self.at = 0;
                }
                Ok(Piece::End) => self.over = true,
                Ok(Piece::Failed(e)) => {
                    self.over = true;
                    return Err(e);
                }
                Err(_) => {
                    self.over = true;
                    return Err(io::Error::other("decoding stopped unexpectedly"));
                }
            }
        }
        Ok(super::hand_out(&self.chunk, &mut self.at, buf))
    }
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::super::{Options, Streams, open, open_seekable};
    use super::*;

    const GAME: &str = "[Event \"E\"]\n\n1. e4 e5 *\n";

    fn gzip(bytes: &[u8]) -> Vec<u8> {
        let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        let _ = encoder.write_all(bytes);
        encoder.finish().unwrap_or_default()
    }

    /// With a checksum of its content, as the `zstd` command writes by default.
    fn zstd(bytes: &[u8]) -> Vec<u8> {
        let Ok(mut encoder) = zstd::stream::Encoder::new(Vec::new(), 1) else { return Vec::new() };
        let _ = encoder.include_checksum(true);
        let _ = encoder.write_all(bytes);
        encoder.finish().unwrap_or_default()
    }

    fn bzip2(bytes: &[u8]) -> Vec<u8> {
        let mut encoder = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::default());
        let _ = encoder.write_all(bytes);
        encoder.finish().unwrap_or_default()
    }

    fn xz(bytes: &[u8]) -> Vec<u8> {
        let Ok(mut encoder) = lzma_rust2::XzWriter::new(Vec::new(), lzma_rust2::XzOptions::with_preset(1)) else {
            return Vec::new();
        };
        let _ = encoder.write_all(bytes);
        encoder.finish().unwrap_or_default()
    }

    /// A zip archive of `members`, written to a file (sizes in the local headers) or to a
    /// stream (sizes in data descriptors after the data).
    fn zip(members: &[(&str, &[u8])], streamed: bool) -> Vec<u8> {
        fn write<W: Write + Seek>(writer: &mut zip::ZipWriter<W>, members: &[(&str, &[u8])]) {
            for (name, bytes) in members {
                let _ = writer.start_file(*name, zip::write::SimpleFileOptions::default());
                let _ = writer.write_all(bytes);
            }
        }
        if streamed {
            let mut writer = zip::ZipWriter::new_stream(Vec::new());
            write(&mut writer, members);
            writer.finish().map(|w| w.into_inner()).unwrap_or_default()
        } else {
            let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
            write(&mut writer, members);
            writer.finish().map(Cursor::into_inner).unwrap_or_default()
        }
    }

    /// A stream read: its member name, its layers, and its text or why there is none.
    type Found = (Option<String>, Vec<Layer>, Result<String, String>);

    fn read(streams: Streams) -> Vec<Found> {
        streams
            .map(|s| {
                let text = match s.content {
                    Ok(mut reader) => {
                        let mut bytes = Vec::new();
                        reader.read_to_end(&mut bytes).map(|_| String::from_utf8_lossy(&bytes).into_owned())
                    }
                    .map_err(|e| e.to_string()),
                    Err(refusal) => Err(refusal.to_string()),
                };
                (s.member, s.layers, text)
            })
            .collect()
    }

    fn whole(bytes: Vec<u8>) -> Vec<Found> {
        read(open(Cursor::new(bytes), &Options::default()))
    }

    #[test]
    fn every_compression_reads_whole_files_of_several_members() {
        let games = GAME.repeat(3000);
        for (compression, encode) in [
            (Compression::Gzip, gzip as fn(&[u8]) -> Vec<u8>),
            (Compression::Zstd, zstd),
            (Compression::Bzip2, bzip2),
            (Compression::Xz, xz),
        ] {
            let two = [encode(games.as_bytes()), encode(GAME.as_bytes())].concat();
            let expected = format!("{games}{GAME}");
            assert_eq!(
                whole(two),
                [(None, vec![Layer::Compressed(compression)], Ok(expected))],
                "{}",
                compression.name()
            );
        }
        // zstd's skippable frames are passed over.
        let skippable = [&[0x50, 0x2a, 0x4d, 0x18, 3, 0, 0, 0, 1, 2, 3][..], &zstd(GAME.as_bytes())].concat();
        let frames = [zstd(GAME.as_bytes()), skippable].concat();
        assert_eq!(whole(frames)[0].2, Ok(GAME.repeat(2)));
    }

    #[test]
    fn damaged_and_cut_short_data_is_an_error_that_says_so() {
        let games = GAME.repeat(2000);
        for (name, encoded) in [
            ("gzip", gzip(games.as_bytes())),
            ("zstd", zstd(games.as_bytes())),
            ("bzip2", bzip2(games.as_bytes())),
            ("xz", xz(games.as_bytes())),
        ] {
            let cut = encoded[..encoded.len() / 2].to_vec();
            let streams = whole(cut);
            let Err(e) = &streams[0].2 else { panic!("{name}: cut short, read whole") };
            assert!(e.contains(&format!("the {name} data ends early")), "{name}: {e}");
            let mut damaged = encoded.clone();
            for at in (encoded.len() / 3..encoded.len() / 3 + 16).step_by(2) {
                damaged[at] ^= 0x55;
            }
            let streams = whole(damaged);
            let Err(e) = &streams[0].2 else { panic!("{name}: damaged, read whole") };
            assert!(e.contains(&format!("the {name} data")), "{name}: {e}");
        }
    }

    #[test]
    fn zip_members_each_a_stream_of_their_own() {
        let members: &[(&str, &[u8])] = &[
            ("readme.txt", b"not a game"),
            ("first.pgn", GAME.as_bytes()),
            ("dir/second.PGN", b"[Event \"2\"]\n\n*\n"),
        ];
        let expected = vec![
            (Some("first.pgn".to_owned()), vec![Layer::Zip], Ok(GAME.to_owned())),
            (Some("dir/second.PGN".to_owned()), vec![Layer::Zip], Ok("[Event \"2\"]\n\n*\n".to_owned())),
        ];
        // Read by the central directory, and as a stream by the local headers.
        for streamed in [false, true] {
            let archive = zip(members, streamed);
            assert_eq!(read(open_seekable(Cursor::new(archive), &Options::default())), expected);
        }
        assert_eq!(whole(zip(members, false)), expected);
        // Sizes given after the data cannot be read from a stream; the message says what to do.
        let streams = whole(zip(members, true));
        let Err(e) = &streams[0].2 else { panic!("{streams:?}") };
        assert!(e.contains("read the archive from a file"), "{e}");
        // No member to read.
        let none = zip(&[("readme.txt", b"x")], false);
        let streams = read(open_seekable(Cursor::new(none), &Options::default()));
        assert_eq!(streams, [(None, vec![Layer::Zip], Err("the zip archive holds no file to read".to_owned()))]);
    }

    /// An archive of one stored member with its flags and method changed, in its local
    /// header and in the central directory.
    fn patched(flags: u16, method: u16) -> Vec<u8> {
        let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
        let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
        let _ = writer.start_file("a.pgn", options);
        let _ = writer.write_all(GAME.as_bytes());
        let mut bytes = writer.finish().map(Cursor::into_inner).unwrap_or_default();
        let central = bytes.windows(4).position(|w| w == b"PK\x01\x02").unwrap_or_default();
        for (at, value) in [(6, flags), (8, method), (central + 8, flags), (central + 10, method)] {
            bytes[at..at + 2].copy_from_slice(&value.to_le_bytes());
        }
        bytes
    }

    #[test]
    fn members_that_cannot_be_read_are_refused_by_name() {
        let refusal = |bytes: Vec<u8>, seekable: bool| {
            let streams =
                if seekable { read(open_seekable(Cursor::new(bytes), &Options::default())) } else { whole(bytes) };
            streams.into_iter().next().map(|(_, _, text)| text)
        };
        let encrypted = refusal(patched(1, 0), true);
        assert_eq!(encrypted, Some(Err("encrypted, which arbiter does not read".to_owned())));
        let Some(Err(encrypted)) = refusal(patched(1, 0), false) else { panic!("read") };
        assert!(encrypted.contains("is encrypted") && encrypted.contains("read the archive from a file"));
        for seekable in [true, false] {
            let Some(Err(method)) = refusal(patched(0, 12), seekable) else { panic!("{seekable}: read") };
            assert!(
                method.starts_with("compressed with the zip method") && method.contains("which arbiter does not read")
            );
        }
        assert_eq!(refusal(patched(0, 0), true), Some(Ok(GAME.to_owned())));
    }

    /// Random bytes behind every magic number, and damaged real streams: errors, never a
    /// panic (which the thread would report as a failed decoder).
    #[test]
    fn hostile_bytes_are_errors_not_panics() {
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut random = |n: usize| -> Vec<u8> {
            (0..n)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    (state >> 32) as u8
                })
                .collect()
        };
        let valid = [gzip(GAME.as_bytes()), zstd(GAME.as_bytes()), bzip2(GAME.as_bytes()), xz(GAME.as_bytes())];
        let archive = zip(&[("a.pgn", GAME.as_bytes())], false);
        let magics: [&[u8]; 6] =
            [&[0x1f, 0x8b, 8, 0], &[0x28, 0xb5, 0x2f, 0xfd], b"BZh9", b"\xfd7zXZ\0", b"PK\x03\x04", b"PK\x05\x06"];
        for round in 0..200 {
            let mut inputs: Vec<Vec<u8>> = magics.iter().map(|m| [*m, &random(round * 7 % 1500)].concat()).collect();
            for stream in valid.iter().chain([&archive]) {
                let mut damaged = stream.clone();
                let at = round * 13 % damaged.len();
                let noise = random(4);
                for (i, b) in noise.into_iter().enumerate() {
                    if let Some(byte) = damaged.get_mut(at + i) {
                        *byte ^= b | 1;
                    }
                }
                inputs.push(damaged);
            }
            for input in inputs {
                for streams in
                    [whole(input.clone()), read(open_seekable(Cursor::new(input.clone()), &Options::default()))]
                {
                    for (_, _, text) in streams {
                        assert!(!matches!(&text, Err(e) if e.contains("decoder failed")), "{input:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn layers_inside_layers_are_sniffed_again() {
        let utf16: Vec<u8> = "\u{feff}".encode_utf16().chain(GAME.encode_utf16()).flat_map(u16::to_be_bytes).collect();
        let html = b"<!DOCTYPE html><html><body>404</body></html>";
        let inner = gzip(GAME.as_bytes());
        let archive = zip(&[("a.pgn.gz", &inner), ("b.pgn", &utf16), ("c.pgn", html)], false);
        let streams = read(open_seekable(Cursor::new(archive), &Options::default()));
        assert_eq!(
            streams,
            [
                (
                    Some("a.pgn.gz".to_owned()),
                    vec![Layer::Zip, Layer::Compressed(Compression::Gzip)],
                    Ok(GAME.to_owned())
                ),
                (Some("b.pgn".to_owned()), vec![Layer::Zip, Layer::Utf16 { big_endian: true }], Ok(GAME.to_owned())),
                (Some("c.pgn".to_owned()), vec![Layer::Zip], Err("this looks like an HTML page".to_owned())),
            ]
        );
        // A zip in a gzip, read as a stream.
        let archive = zip(&[("a.pgn", GAME.as_bytes())], false);
        assert_eq!(whole(gzip(&archive))[0].2, Ok(GAME.to_owned()));
        // Too deep.
        let mut bytes = GAME.as_bytes().to_vec();
        for _ in 0..=MOST_LAYERS {
            bytes = gzip(&bytes);
        }
        let streams = whole(bytes);
        assert!(matches!(&streams[0].2, Err(e) if e.contains("more than 4 times")), "{streams:?}");
    }

    #[test]
    fn a_reader_that_stops_early_lets_the_thread_go_on() {
        let archive = zip(&[("a.pgn", GAME.repeat(100_000).as_bytes()), ("b.pgn", GAME.as_bytes())], false);
        let mut streams = open_seekable(Cursor::new(archive), &Options::default());
        let first = streams.next().map(|s| s.content.map(|mut r| r.read(&mut [0; 10]).unwrap_or(0)));
        assert!(matches!(first, Some(Ok(10))));
        let second = read(streams);
        assert_eq!(second.len(), 1);
        assert_eq!(second[0].2, Ok(GAME.to_owned()));
    }
}
