//! The outbox: every email and SMS is written in the same transaction as the
//! change that causes it, and delivered afterwards by [`worker`].

mod delivery;
mod model;
mod routes;
mod service;
mod store;
mod twilio;
pub mod worker;

pub use delivery::{ByChannel, Delivery, Permanent, RecordOnly, Smtp};
pub use model::{Channel, MailboxMessage, Message};
pub use routes::*;
pub use service::{backlog, enqueue, recent};
pub use twilio::Twilio;
