//! The registry's PDFs (a certificate, a vessel record): A4 pages with the
//! embedded `DejaVu Sans` (subset by krilla, with a `ToUnicode` map so the
//! text can be extracted and searched), labelled rows in sections, and an
//! optional QR code for a verification page.

use krilla::{
    Document,
    geom::{PathBuilder, Point, Rect},
    page::PageSettings,
    paint::{Fill, Stroke},
    surface::Surface,
    text::{Font, TextDirection},
};

/// `DejaVu Sans` (Bitstream Vera licence, server/assets/DejaVuSans.LICENSE).
static FONT: &[u8] = include_bytes!("../../../assets/DejaVuSans.ttf");

const WIDTH: f32 = 595.0;
const HEIGHT: f32 = 842.0;
const BOTTOM: f32 = 770.0;
/// Characters a value line holds before it wraps.
const WRAP: usize = 48;

pub struct Section {
    pub heading: Option<String>,
    /// Label and value, in order; an empty label continues the value column.
    pub rows: Vec<(String, String)>,
}

/// What the document shows, already in words.
pub struct Content {
    /// The registry's name, in the reader's language.
    pub registry: String,
    pub title: String,
    pub platform_id: String,
    pub sections: Vec<Section>,
    /// A QR code for this address, with the footer, at the end.
    pub qr: Option<String>,
    pub footer: Vec<String>,
}

struct Writer<'f> {
    font: &'f Font,
}

impl Writer<'_> {
    fn text(&self, s: &mut Surface<'_>, x: f32, y: f32, size: f32, t: &str) {
        s.draw_text(Point::from_xy(x, y), self.font.clone(), size, t, false, TextDirection::Auto);
    }

    fn frame(s: &mut Surface<'_>) {
        s.set_fill(None);
        s.set_stroke(Some(Stroke { width: 1.2, ..Default::default() }));
        let mut border = PathBuilder::new();
        if let Some(r) = Rect::from_xywh(36.0, 36.0, WIDTH - 72.0, HEIGHT - 72.0) {
            border.push_rect(r);
        }
        if let Some(path) = border.finish() {
            s.draw_path(&path);
        }
        s.set_stroke(None);
        s.set_fill(Some(Fill::default()));
    }
}

/// `value` in lines of at most `WRAP` characters, broken between words (a
/// date or a name is never cut mid-word); only a word longer than a line is
/// cut. Line breaks in the value are kept.
fn lines(value: &str) -> Vec<String> {
    let mut out = Vec::new();
    for paragraph in value.split('\n') {
        let mut line = String::new();
        for word in paragraph.split_whitespace() {
            let mut word: Vec<char> = word.chars().collect();
            while word.len() > WRAP {
                if !line.is_empty() {
                    out.push(std::mem::take(&mut line));
                }
                out.push(word.drain(..WRAP).collect());
            }
            let word: String = word.into_iter().collect();
            let needed = line.chars().count() + usize::from(!line.is_empty()) + word.chars().count();
            if needed > WRAP && !line.is_empty() {
                out.push(std::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&word);
        }
        out.push(line);
    }
    out
}

/// Draw `content` on the CPU pool: a long vessel record takes a second of
/// CPU, which on the async runtime stalled every other request (`/healthz`
/// for seconds). A full queue answers 503 `busy`.
pub async fn render_on(
    pool: &crate::platform::cpu::CpuPool,
    content: Content,
) -> crate::foundation::error::AppResult<Vec<u8>> {
    Ok(pool.run_or_busy(move || render(&content)).await??)
}

pub fn render(content: &Content) -> anyhow::Result<Vec<u8>> {
    let font = Font::new(FONT.into(), 0).ok_or_else(|| anyhow::anyhow!("the embedded font does not load"))?;
    let w = Writer { font: &font };
    let settings = || PageSettings::from_wh(WIDTH, HEIGHT).ok_or_else(|| anyhow::anyhow!("page size"));
    let mut document = Document::new();
    let mut page = document.start_page_with(settings()?);
    let mut s = page.surface();
    Writer::frame(&mut s);
    w.text(&mut s, 60.0, 90.0, 13.0, &content.registry);
    w.text(&mut s, 60.0, 118.0, 22.0, &content.title);
    w.text(&mut s, 60.0, 142.0, 16.0, &content.platform_id);
    let mut y = 180.0;
    for section in &content.sections {
        if let Some(heading) = &section.heading {
            if y + 40.0 > BOTTOM {
                s.finish();
                page.finish();
                page = document.start_page_with(settings()?);
                s = page.surface();
                Writer::frame(&mut s);
                y = 80.0;
            }
            y += 8.0;
            w.text(&mut s, 60.0, y, 13.0, heading);
            y += 20.0;
        }
        for (label, value) in &section.rows {
            let value_lines = lines(value);
            let needed = 16.0 * f32::from(u16::try_from(value_lines.len()).unwrap_or(u16::MAX)) + 6.0;
            if y + needed > BOTTOM {
                s.finish();
                page.finish();
                page = document.start_page_with(settings()?);
                s = page.surface();
                Writer::frame(&mut s);
                y = 80.0;
            }
            w.text(&mut s, 60.0, y, 10.0, label);
            for line in &value_lines {
                w.text(&mut s, 210.0, y, 10.5, line);
                y += 16.0;
            }
            y += 6.0;
        }
    }
    if let Some(url) = content.qr.as_deref() {
        let code = qrcode::QrCode::new(url.as_bytes())?;
        let (n, module) = (code.width(), 3.0_f32);
        let size = module * f32::from(u16::try_from(n).unwrap_or(u16::MAX));
        if y + size + 20.0 > BOTTOM {
            s.finish();
            page.finish();
            page = document.start_page_with(settings()?);
            s = page.surface();
            Writer::frame(&mut s);
        }
        let (x0, y0) = (WIDTH - 60.0 - size, BOTTOM - size);
        let mut dots = PathBuilder::new();
        for (i, colour) in code.to_colors().iter().enumerate() {
            if *colour == qrcode::Color::Dark {
                let (col, row) = (u16::try_from(i % n).unwrap_or(0), u16::try_from(i / n).unwrap_or(0));
                if let Some(r) =
                    Rect::from_xywh(x0 + f32::from(col) * module, y0 + f32::from(row) * module, module, module)
                {
                    dots.push_rect(r);
                }
            }
        }
        if let Some(path) = dots.finish() {
            s.draw_path(&path);
        }
        let mut fy = y0 + 10.0;
        for line in &content.footer {
            w.text(&mut s, 60.0, fy, 8.5, line);
            fy += 13.0;
        }
    } else {
        let mut fy = BOTTOM - 13.0 * f32::from(u16::try_from(content.footer.len()).unwrap_or(0));
        for line in &content.footer {
            w.text(&mut s, 60.0, fy, 8.5, line);
            fy += 13.0;
        }
    }
    s.finish();
    page.finish();
    document.finish().map_err(|e| anyhow::anyhow!("writing the PDF failed: {e:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_wrap_between_words_and_only_long_words_are_cut() {
        let entry = "Nov 27, 2026 Engine service and a new impeller, antifouling on the hull";
        let wrapped = lines(entry);
        assert!(wrapped.iter().all(|l| l.chars().count() <= WRAP), "{wrapped:?}");
        assert_eq!(wrapped.join(" "), entry, "no word cut or lost");
        assert!(wrapped[0].starts_with("Nov 27, 2026"), "{wrapped:?}");
        let long = "x".repeat(WRAP + 5);
        assert_eq!(lines(&long), vec!["x".repeat(WRAP), "x".repeat(5)]);
        assert_eq!(lines(""), vec![String::new()]);
        assert_eq!(lines("a\nb"), vec!["a".to_owned(), "b".to_owned()]);
    }
}
