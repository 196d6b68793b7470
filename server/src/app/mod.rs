//! The assembly: the API's routes and `OpenAPI` document, the server that
//! fills the state and serves it, the background jobs, and the metrics.

pub mod jobs;
pub mod openapi;
pub mod routes;
pub mod server;
pub mod telemetry;
