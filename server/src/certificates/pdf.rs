//! The certificate as a one-page A4 PDF: the embedded `DejaVu Sans` (subset by
//! krilla, with a `ToUnicode` map so the text can be extracted and searched),
//! the particulars, and a QR code for the public verification page.

use krilla::{
    Document,
    geom::{PathBuilder, Point, Rect},
    page::PageSettings,
    paint::{Fill, Stroke},
    text::{Font, TextDirection},
};

/// `DejaVu Sans` (Bitstream Vera licence, server/assets/DejaVuSans.LICENSE).
static FONT: &[u8] = include_bytes!("../../assets/DejaVuSans.ttf");

/// What the page shows, already in words.
pub struct Page<'a> {
    pub title: &'a str,
    pub platform_id: &'a str,
    /// Label and value, in order.
    pub rows: Vec<(&'a str, String)>,
    pub verify_url: &'a str,
    pub footer: Vec<String>,
}

pub fn render(page: &Page<'_>) -> anyhow::Result<Vec<u8>> {
    let font = Font::new(FONT.into(), 0).ok_or_else(|| anyhow::anyhow!("the embedded font does not load"))?;
    let mut document = Document::new();
    let settings = PageSettings::from_wh(595.0, 842.0).ok_or_else(|| anyhow::anyhow!("page size"))?;
    let mut pdf_page = document.start_page_with(settings);
    let mut s = pdf_page.surface();
    let text = |s: &mut krilla::surface::Surface<'_>, x: f32, y: f32, size: f32, t: &str| {
        s.draw_text(Point::from_xy(x, y), font.clone(), size, t, false, TextDirection::Auto);
    };

    s.set_fill(None);
    s.set_stroke(Some(Stroke { width: 1.2, ..Default::default() }));
    let mut border = PathBuilder::new();
    border.push_rect(Rect::from_xywh(36.0, 36.0, 523.0, 770.0).ok_or_else(|| anyhow::anyhow!("rect"))?);
    if let Some(path) = border.finish() {
        s.draw_path(&path);
    }
    let mut rule = PathBuilder::new();
    rule.move_to(60.0, 150.0);
    rule.line_to(535.0, 150.0);
    if let Some(path) = rule.finish() {
        s.draw_path(&path);
    }
    s.set_stroke(None);
    s.set_fill(Some(Fill::default()));

    text(&mut s, 60.0, 90.0, 13.0, "European Small-Craft Registry");
    text(&mut s, 60.0, 118.0, 22.0, page.title);
    text(&mut s, 60.0, 140.0, 16.0, page.platform_id);
    let mut y = 185.0;
    for (label, value) in &page.rows {
        text(&mut s, 60.0, y, 10.0, label);
        // Long values (a hash) wrap at 48 characters.
        let chars: Vec<char> = value.chars().collect();
        for line in chars.chunks(48) {
            text(&mut s, 220.0, y, 11.0, &line.iter().collect::<String>());
            y += 16.0;
        }
        y += 6.0;
    }

    let code = qrcode::QrCode::new(page.verify_url.as_bytes())?;
    let (n, module) = (code.width(), 3.0_f32);
    let size = module * f32::from(u16::try_from(n).unwrap_or(u16::MAX));
    let (x0, y0) = (535.0 - size, 806.0 - 60.0 - size);
    let mut dots = PathBuilder::new();
    for (i, colour) in code.to_colors().iter().enumerate() {
        if *colour == qrcode::Color::Dark {
            let (col, row) = (u16::try_from(i % n).unwrap_or(0), u16::try_from(i / n).unwrap_or(0));
            if let Some(r) = Rect::from_xywh(x0 + f32::from(col) * module, y0 + f32::from(row) * module, module, module)
            {
                dots.push_rect(r);
            }
        }
    }
    if let Some(path) = dots.finish() {
        s.draw_path(&path);
    }
    let mut fy = 806.0 - 60.0 - size;
    for line in &page.footer {
        text(&mut s, 60.0, fy, 8.5, line);
        fy += 13.0;
    }
    s.finish();
    pdf_page.finish();
    document.finish().map_err(|e| anyhow::anyhow!("writing the PDF failed: {e:?}"))
}
