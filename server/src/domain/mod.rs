//! Domain types that can only be built through a `parse` that checks them.
//! Past the HTTP edge, code takes these types, never raw strings.

mod certificate_serial;
mod email;
pub mod fees;
pub mod folded;
pub mod identifiers;
pub mod merkle;
mod otp_code;
mod owner_name;
pub mod particulars;
mod password;
mod phone;
pub mod platform_id;
pub mod user_agent;

pub use certificate_serial::{CertificateSerial, TransferRecordSerial};
pub use email::Email;
pub use otp_code::OtpCode;
pub use owner_name::{CompanyNumber, OwnerName};
pub use password::NewPassword;
pub use phone::{PhoneE164, SUPPORTED_PREFIXES};
pub use platform_id::{PlatformId, PlatformIdError};
