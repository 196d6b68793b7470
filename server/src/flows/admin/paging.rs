//! Pages of the console's lists: `page` from 1, `pageSize` 1 to 100
//! (default 20, the spec's admin page size).

use crate::foundation::error::{AppError, AppResult};

pub const DEFAULT_SIZE: i64 = 20;
const MAX_SIZE: i64 = 100;
const MAX_PAGE: i64 = 100_000;

#[derive(Clone, Copy, Debug)]
pub struct Paging {
    pub size: i64,
    pub offset: i64,
}

impl Paging {
    pub fn parse(page: Option<i64>, size: Option<i64>) -> AppResult<Self> {
        let page = page.unwrap_or(1);
        let size = size.unwrap_or(DEFAULT_SIZE);
        if !(1..=MAX_PAGE).contains(&page) || !(1..=MAX_SIZE).contains(&size) {
            return Err(AppError::bad_request(
                "invalid_parameter",
                crate::foundation::i18n::Msg::new("paging_range").arg("maxPage", MAX_PAGE).arg("maxSize", MAX_SIZE),
            ));
        }
        Ok(Self { size, offset: (page - 1) * size })
    }

    pub fn total_pages(self, total: i64) -> i64 {
        (total + self.size - 1) / self.size
    }
}
