//! What the command line runs besides the server: the demo data and bulk
//! vessels for benchmarks, and user commands.

pub mod backup;
pub mod model;
pub mod seed;
pub mod seed_vessels;
mod store;
pub mod verify_history;
