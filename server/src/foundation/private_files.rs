//! Files the server creates are its user's alone: the database and its WAL
//! hold every account, the data directory the signing key, the stored objects
//! people's documents. Another user on the machine must not read them.
//!
//! `restrict` sets the process's file-creation mask to 077 at start-up, so
//! everything created afterwards, by SQLite and `object_store` too, is 0600
//! (files) or 0700 (directories); `tighten` puts existing ones right (a
//! database created by an earlier version was 0644).

use std::{os::unix::fs::PermissionsExt, path::Path};

/// From now on, new files are 0600 and new directories 0700.
pub fn restrict() {
    rustix::process::umask(rustix::fs::Mode::from_raw_mode(0o077));
}

/// Take group and other permissions off `path` (a file or a directory) if
/// it exists.
pub fn tighten(path: &Path) -> std::io::Result<()> {
    match std::fs::metadata(path) {
        Ok(meta) => {
            let mode = meta.permissions().mode() & 0o700;
            std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode))
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e),
    }
}

/// A SQLite database file and its WAL and shared-memory files.
pub fn tighten_sqlite(database: &Path) -> std::io::Result<()> {
    for suffix in ["", "-wal", "-shm", "-journal"] {
        let mut name = database.as_os_str().to_owned();
        name.push(suffix);
        tighten(Path::new(&name))?;
    }
    Ok(())
}
