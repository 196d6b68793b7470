//! A ZIP archive written one file at a time, so a download can stream it
//! without holding every file in memory. Files are stored, not deflated:
//! what goes in (PDFs, photos) is compressed already. Names are UTF-8
//! (general purpose flag bit 11). Without ZIP64, an archive holds at most
//! 65,535 files and 4 GiB; [`ZipWriter::fits`] says beforehand whether a
//! set of files does.

use time::OffsetDateTime;

const LOCAL_HEADER: u32 = 0x0403_4b50;
const CENTRAL_HEADER: u32 = 0x0201_4b50;
const END_OF_CENTRAL_DIRECTORY: u32 = 0x0605_4b50;
/// 2.0: the first version with folders; all a stored file needs.
const VERSION_NEEDED: u16 = 20;
/// Made on Unix (3), to version 2.0, so the permissions below are read.
const VERSION_MADE_BY: u16 = (3 << 8) | VERSION_NEEDED;
const UTF8_NAMES: u16 = 1 << 11;
/// `-rw-r--r--`, a regular file.
const UNIX_FILE_MODE: u32 = 0o100_644 << 16;
const HEADER_BYTES: usize = 30;
const CENTRAL_BYTES: usize = 46;
const END_BYTES: usize = 22;

struct Entry {
    name: String,
    name_len: u16,
    crc: u32,
    size: u32,
    offset: u32,
    time: u16,
    date: u16,
}

#[derive(Default)]
pub struct ZipWriter {
    entries: Vec<Entry>,
    written: u64,
}

#[derive(Debug, thiserror::Error)]
#[error("the archive would exceed 65,535 files or 4 GiB")]
pub struct TooLarge;

impl ZipWriter {
    /// Whether files of these name lengths and sizes fit in one archive.
    pub fn fits(files: impl IntoIterator<Item = (usize, u64)>) -> bool {
        let (mut count, mut total) = (0u64, END_BYTES as u64);
        for (name_len, size) in files {
            count += 1;
            total += (HEADER_BYTES + CENTRAL_BYTES + 2 * name_len) as u64 + size;
        }
        u16::try_from(count).is_ok() && u32::try_from(total).is_ok()
    }

    /// The bytes of one file's entry (its local header, then its content),
    /// to send now; `modified` goes into its date (DOS time, 1980 onwards).
    pub fn file(&mut self, name: &str, content: &[u8], modified: OffsetDateTime) -> Result<Vec<u8>, TooLarge> {
        let size = u32::try_from(content.len()).map_err(|_| TooLarge)?;
        let offset = u32::try_from(self.written).map_err(|_| TooLarge)?;
        let name_len = u16::try_from(name.len()).map_err(|_| TooLarge)?;
        if self.entries.len() >= usize::from(u16::MAX) {
            return Err(TooLarge);
        }
        let (time, date) = dos_time(modified);
        let crc = crc32fast::hash(content);
        let mut out = Vec::with_capacity(HEADER_BYTES + name.len() + content.len());
        out.extend(LOCAL_HEADER.to_le_bytes());
        for half in [VERSION_NEEDED, UTF8_NAMES, 0, time, date] {
            out.extend(half.to_le_bytes());
        }
        for word in [crc, size, size] {
            out.extend(word.to_le_bytes());
        }
        out.extend(name_len.to_le_bytes());
        out.extend(0u16.to_le_bytes());
        out.extend(name.as_bytes());
        out.extend(content);
        self.written += out.len() as u64;
        self.entries.push(Entry { name: name.to_owned(), name_len, crc, size, offset, time, date });
        Ok(out)
    }

    /// The central directory and its end record: the archive's last bytes.
    pub fn finish(self) -> Result<Vec<u8>, TooLarge> {
        let start = u32::try_from(self.written).map_err(|_| TooLarge)?;
        let mut out = Vec::new();
        for e in &self.entries {
            out.extend(CENTRAL_HEADER.to_le_bytes());
            for half in [VERSION_MADE_BY, VERSION_NEEDED, UTF8_NAMES, 0, e.time, e.date] {
                out.extend(half.to_le_bytes());
            }
            for word in [e.crc, e.size, e.size] {
                out.extend(word.to_le_bytes());
            }
            // Name length, no extra field, no comment,
            // disk 0, no internal attributes.
            for half in [e.name_len, 0, 0, 0, 0] {
                out.extend(half.to_le_bytes());
            }
            out.extend(UNIX_FILE_MODE.to_le_bytes());
            out.extend(e.offset.to_le_bytes());
            out.extend(e.name.as_bytes());
        }
        let size = u32::try_from(out.len()).map_err(|_| TooLarge)?;
        u32::try_from(u64::from(start) + u64::from(size)).map_err(|_| TooLarge)?;
        let count = u16::try_from(self.entries.len()).map_err(|_| TooLarge)?;
        out.extend(END_OF_CENTRAL_DIRECTORY.to_le_bytes());
        for half in [0, 0, count, count] {
            out.extend(half.to_le_bytes());
        }
        out.extend(size.to_le_bytes());
        out.extend(start.to_le_bytes());
        out.extend(0u16.to_le_bytes());
        Ok(out)
    }
}

/// MS-DOS time and date: two-second steps, years 1980 to 2107.
fn dos_time(at: OffsetDateTime) -> (u16, u16) {
    let year = at.year().clamp(1980, 2107);
    let time = (u16::from(at.hour()) << 11) | (u16::from(at.minute()) << 5) | u16::from(at.second() / 2);
    let date =
        (u16::try_from(year - 1980).unwrap_or(0) << 9) | (u16::from(u8::from(at.month())) << 5) | u16::from(at.day());
    (time, date)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The archive `unzip` and every reader take: read back by hand here,
    /// by the end record, the central directory and each local header.
    #[test]
    // The binary literals below are grouped by DOS time's fields, not by fours.
    #[allow(clippy::unusual_byte_groupings)]
    fn an_archive_reads_back_by_its_central_directory() {
        let at = OffsetDateTime::from_unix_timestamp(1_795_000_000).unwrap();
        let mut zip = ZipWriter::default();
        let mut bytes = zip.file("personal-data.json", b"{\"a\":1}", at).unwrap();
        bytes.extend(zip.file("documents/ÉSC-1/bill of sale.pdf", b"%PDF-1.7 ...", at).unwrap());
        bytes.extend(zip.finish().unwrap());

        let u16_at = |i: usize| u16::from_le_bytes([bytes[i], bytes[i + 1]]);
        let u32_at = |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().unwrap());
        let end = bytes.len() - 22;
        assert_eq!(u32_at(end), END_OF_CENTRAL_DIRECTORY);
        assert_eq!(u16_at(end + 10), 2);
        let mut at_central = u32_at(end + 16) as usize;
        assert_eq!(at_central + u32_at(end + 12) as usize, end);
        let mut found = Vec::new();
        for _ in 0..2 {
            assert_eq!(u32_at(at_central), CENTRAL_HEADER);
            let name_len = u16_at(at_central + 28) as usize;
            let name = std::str::from_utf8(&bytes[at_central + 46..at_central + 46 + name_len]).unwrap();
            let local = u32_at(at_central + 42) as usize;
            assert_eq!(u32_at(local), LOCAL_HEADER);
            let size = u32_at(local + 22) as usize;
            let start = local + 30 + u16_at(local + 26) as usize;
            let content = &bytes[start..start + size];
            assert_eq!(crc32fast::hash(content), u32_at(at_central + 16));
            found.push((name.to_owned(), content.to_vec()));
            at_central += 46 + name_len;
        }
        assert_eq!(found[0], ("personal-data.json".to_owned(), b"{\"a\":1}".to_vec()));
        assert_eq!(found[1].0, "documents/ÉSC-1/bill of sale.pdf");
        // 2026-11-18 11:06:40 UTC, in DOS time: hours, minutes and seconds / 2; years since
        // 1980, month and day.
        assert_eq!(dos_time(at), (0b01011_000110_10100, 0b0101110_1011_10010));
    }

    #[test]
    fn more_than_four_gibibytes_does_not_fit() {
        assert!(ZipWriter::fits([(20, 10 << 20); 100]));
        assert!(!ZipWriter::fits([(20, 2 << 30), (20, 2 << 30)]));
        assert!(!ZipWriter::fits(std::iter::repeat_n((1, 0), 70_000)));
    }
}
