//! Proof-of-ownership documents: limits, kinds, all or nothing, access, review;
//! on the filesystem store and on an S3-compatible one (a local moto server,
//! started by scripts/with-moto.sh, which `make test` uses).

use reqwest::{
    StatusCode,
    multipart::{Form, Part},
};
use serde_json::{Value, json};

use crate::helpers::{TestApp, parts, sailboat};

/// A minimal, complete PDF.
pub fn pdf(size: usize) -> Vec<u8> {
    let mut bytes = b"%PDF-1.4\n1 0 obj << >> endobj\n".to_vec();
    bytes.resize(size.saturating_sub(6).max(bytes.len()), b' ');
    bytes.extend_from_slice(b"%%EOF\n");
    bytes
}

fn png() -> Vec<u8> {
    let mut bytes = vec![0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A];
    bytes.extend_from_slice(&[0; 32]);
    bytes.extend_from_slice(b"IEND\xAE\x42\x60\x82");
    bytes
}

/// An upload form: each file with its type (and custom name).
pub fn form(vessel_id: &str, files: Vec<(&str, Vec<u8>, &str, Option<&str>)>) -> Form {
    let mut form = Form::new().text("vesselId", vessel_id.to_owned());
    for (i, (name, bytes, kind, custom)) in files.into_iter().enumerate() {
        form = form.part("files", Part::bytes(bytes).file_name(name.to_owned()));
        form = form.text(format!("documentType_{i}"), kind.to_owned());
        if let Some(c) = custom {
            form = form.text(format!("customType_{i}"), c.to_owned());
        }
    }
    form
}

pub async fn upload(app: &TestApp, form: Form) -> (StatusCode, Value) {
    let response = app.client.post(app.url("/api/documents/upload")).multipart(form).send().await.unwrap();
    parts(response).await
}

async fn owner_with_vessel(app: &TestApp) -> Value {
    app.signed_in_user("skipper@example.nl").await;
    let (status, vessel) = parts(app.post("/api/vessels", sailboat()).await).await;
    assert_eq!(status, StatusCode::CREATED);
    vessel
}

async fn stored_objects(app: &TestApp) -> usize {
    registry::platform::storage::keys(&app.state.storage, "documents").await.unwrap().len()
}

/// The S3 variant of a test: an app whose store is a fresh prefix of the
/// moto bucket that scripts/with-moto.sh started. A plain `cargo test` has no
/// S3 server: the S3 variants are then skipped, saying so, except in CI
/// (`CI` set), where a missing server is a failure, never a silent skip.
async fn s3_app() -> Option<TestApp> {
    let Ok(base) = std::env::var("REGISTRY_TEST_S3_URL") else {
        let why = "REGISTRY_TEST_S3_URL is not set: run the tests through scripts/with-moto.sh (make test does), \
                   which starts a local S3 server";
        assert!(std::env::var_os("CI").is_none(), "{why}");
        eprintln!("skipped, the S3 variant: {why}");
        return None;
    };
    let url = format!("{}/{}/", base.trim_end_matches('/'), registry::platform::ids::new_id());
    Some(TestApp::spawn_with(&[("REGISTRY_STORAGE_URL", &url)]).await)
}

async fn upload_list_download_and_count(app: TestApp) {
    let vessel = owner_with_vessel(&app).await;
    let id = vessel["id"].as_str().unwrap();
    let files = vec![
        ("bill of sale.pdf", pdf(2048), "proof_of_purchase", None),
        ("../photo.PNG", png(), "custom", Some("Photo of the hull number")),
    ];
    let (status, stored) = upload(&app, form(id, files)).await;
    assert_eq!(status, StatusCode::CREATED, "{stored}");
    assert_eq!(stored.as_array().unwrap().len(), 2);
    assert_eq!(stored[1]["fileName"], "photo.PNG", "no directories in a shown name");
    assert_eq!(stored[0]["reviewStatus"], "pending");
    assert_eq!(stored_objects(&app).await, 2);
    let (_, mine) = parts(app.get("/api/vessels/my/list").await).await;
    assert_eq!(mine[0]["documentsCount"], 2);
    let platform_id = vessel["platformId"].as_str().unwrap();
    let (status, list) = parts(app.get(&format!("/api/vessels/{platform_id}/documents")).await).await;
    assert_eq!((status, list.as_array().unwrap().len()), (StatusCode::OK, 2));
    let doc = list.as_array().unwrap().iter().find(|d| d["documentType"] == "proof_of_purchase").unwrap();
    let response = app.get(&format!("/api/documents/{}/download", doc["id"].as_str().unwrap())).await;
    assert_eq!(response.status(), StatusCode::OK);
    let headers = response.headers().clone();
    assert_eq!(headers["content-type"], "application/pdf");
    assert_eq!(headers["x-content-type-options"], "nosniff");
    assert_eq!(headers["cache-control"], "private, no-store");
    assert!(headers["content-disposition"].to_str().unwrap().starts_with("attachment;"));
    assert_eq!(response.bytes().await.unwrap().to_vec(), pdf(2048));
    // Withdrawn: the row, the object and the count go.
    let gone = app.delete(&format!("/api/documents/{}", doc["id"].as_str().unwrap())).await;
    assert_eq!(gone.status(), StatusCode::NO_CONTENT);
    assert_eq!(stored_objects(&app).await, 1);
    let (_, mine) = parts(app.get("/api/vessels/my/list").await).await;
    assert_eq!(mine[0]["documentsCount"], 1);
}

#[tokio::test]
async fn documents_are_stored_listed_downloaded_and_withdrawn_on_the_filesystem() {
    upload_list_download_and_count(TestApp::spawn().await).await;
}

#[tokio::test]
async fn documents_are_stored_listed_downloaded_and_withdrawn_on_s3() {
    if let Some(app) = s3_app().await {
        upload_list_download_and_count(app).await;
    }
}

async fn one_bad_file_keeps_nothing(app: TestApp) {
    let vessel = owner_with_vessel(&app).await;
    let id = vessel["id"].as_str().unwrap();
    let files = vec![
        ("good.pdf", pdf(1024), "invoice", None),
        ("page.pdf", b"<html><script>alert(1)</script></html>".to_vec(), "invoice", None),
    ];
    let (status, body) = upload(&app, form(id, files)).await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{body}");
    assert!(body["message"].as_str().unwrap().contains("page.pdf"), "{body}");
    assert_eq!(stored_objects(&app).await, 0, "no orphaned objects");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM documents").await, 0);
}

#[tokio::test]
async fn one_bad_file_keeps_nothing_on_the_filesystem() {
    one_bad_file_keeps_nothing(TestApp::spawn().await).await;
}

#[tokio::test]
async fn one_bad_file_keeps_nothing_on_s3() {
    if let Some(app) = s3_app().await {
        one_bad_file_keeps_nothing(app).await;
    }
}

#[tokio::test]
async fn the_limits_hold_while_the_body_streams() {
    let app = TestApp::spawn().await;
    let vessel = owner_with_vessel(&app).await;
    let id = vessel["id"].as_str().unwrap();
    let limit = 10 * 1024 * 1024;
    let (status, body) = upload(&app, form(id, vec![("big.pdf", pdf(limit + 1), "invoice", None)])).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{body}");
    assert!(body["message"].as_str().unwrap().contains("big.pdf"), "{body}");
    let (status, body) = upload(&app, form(id, vec![("exactly.pdf", pdf(limit), "invoice", None)])).await;
    assert_eq!(status, StatusCode::CREATED, "10 MB exactly is allowed: {body}");
    let eleven = (0..11).map(|_| ("a.pdf", pdf(512), "invoice", None)).collect();
    let (status, _) = upload(&app, form(id, eleven)).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM documents").await, 1);
    assert_eq!(stored_objects(&app).await, 1);
}

#[tokio::test]
async fn only_pdf_jpeg_and_png_whose_bytes_match_their_names() {
    let app = TestApp::spawn().await;
    let vessel = owner_with_vessel(&app).await;
    let id = vessel["id"].as_str().unwrap();
    let refused: Vec<(&str, Vec<u8>)> = vec![
        ("drawing.svg", b"<svg xmlns='http://www.w3.org/2000/svg'><script/></svg>".to_vec()),
        ("script.pdf", b"#!/bin/sh\nrm -rf /\n".to_vec()),
        ("image.png", pdf(1024)),
        ("truncated.pdf", b"%PDF-1.4\n1 0 obj".to_vec()),
        ("polyglot.pdf", [b"<html>".as_slice(), &pdf(512)].concat()),
        ("empty.pdf", Vec::new()),
    ];
    for (name, bytes) in refused {
        let (status, body) = upload(&app, form(id, vec![(name, bytes, "other_proof", None)])).await;
        assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{name}: {body}");
        assert!(body["message"].as_str().unwrap().contains(name), "{body}");
    }
    let jpeg = [&[0xFF, 0xD8, 0xFF, 0xE0][..], &[0; 64], &[0xFF, 0xD9]].concat();
    let (status, _) = upload(&app, form(id, vec![("hull.jpg", jpeg, "other_proof", None)])).await;
    assert_eq!(status, StatusCode::CREATED);
}

#[tokio::test]
async fn document_types_and_custom_names_are_checked() {
    let app = TestApp::spawn().await;
    let vessel = owner_with_vessel(&app).await;
    let id = vessel["id"].as_str().unwrap();
    let cases = [
        ("boat_picture", None, "documentType_0"),
        ("custom", None, "customType_0"),
        ("invoice", Some("A name"), "customType_0"),
    ];
    for (kind, custom, field) in cases {
        let (status, body) = upload(&app, form(id, vec![("a.pdf", pdf(512), kind, custom)])).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{kind}: {body}");
        assert!(body["fields"][field].is_array(), "{body}");
    }
    let long = "x".repeat(101);
    let (status, _) = upload(&app, form(id, vec![("a.pdf", pdf(512), "custom", Some(&long))])).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(stored_objects(&app).await, 0);
}

#[tokio::test]
async fn only_the_current_owner_uploads_and_sees_documents() {
    let app = TestApp::spawn().await;
    let vessel = owner_with_vessel(&app).await;
    let id = vessel["id"].as_str().unwrap();
    let platform_id = vessel["platformId"].as_str().unwrap();
    let (_, stored) = upload(&app, form(id, vec![("a.pdf", pdf(512), "invoice", None)])).await;
    let doc_id = stored[0]["id"].as_str().unwrap();
    let guest = app.second_browser();
    let (status, _) = upload(&guest, form(id, vec![("a.pdf", pdf(512), "invoice", None)])).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let stranger = app.second_browser();
    stranger.signed_in_user("stranger@example.nl").await;
    let (status, body) = upload(&stranger, form(id, vec![("a.pdf", pdf(512), "invoice", None)])).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert_eq!(body["message"], "Access Denied: You must be the current owner to upload documents for this vessel.");
    assert_eq!(
        parts(stranger.get(&format!("/api/vessels/{platform_id}/documents")).await).await.0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(stranger.get(&format!("/api/documents/{doc_id}/download")).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(stranger.delete(&format!("/api/documents/{doc_id}")).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(stored_objects(&app).await, 1);
}

#[tokio::test]
async fn an_administrator_reviews_and_a_verified_document_stays() {
    let app = TestApp::spawn().await;
    let vessel = owner_with_vessel(&app).await;
    let id = vessel["id"].as_str().unwrap();
    let (_, stored) =
        upload(&app, form(id, vec![("a.pdf", pdf(512), "invoice", None), ("b.pdf", pdf(600), "invoice", None)])).await;
    let (a, b) = (stored[0]["id"].as_str().unwrap(), stored[1]["id"].as_str().unwrap());
    let review = |doc: &str| format!("/api/admin/documents/{doc}/review");
    assert_eq!(app.post(&review(a), json!({"decision": "verified"})).await.status(), StatusCode::FORBIDDEN);
    let admin = app.second_browser();
    admin.signed_in_user("harbour-master@example.nl").await;
    registry::cli::seed::promote(&app.db, "harbour-master@example.nl").await.unwrap();
    admin.add_passkey().await;
    let (status, body) = parts(admin.post(&review(b), json!({"decision": "rejected"})).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "a rejection needs a reason: {body}");
    let (status, rejected) =
        parts(admin.post(&review(b), json!({"decision": "rejected", "reason": "Unreadable scan."})).await).await;
    assert_eq!((status, rejected["reviewStatus"].as_str()), (StatusCode::OK, Some("rejected")));
    let (status, verified) = parts(admin.post(&review(a), json!({"decision": "verified"})).await).await;
    assert_eq!((status, verified["reviewStatus"].as_str()), (StatusCode::OK, Some("verified")));
    let platform_id = vessel["platformId"].as_str().unwrap();
    let (_, detail) = parts(app.get(&format!("/api/vessels/{platform_id}")).await).await;
    assert_eq!(detail["vessel"]["verifiedDocumentsCount"], 1);
    assert_eq!(app.delete(&format!("/api/documents/{a}")).await.status(), StatusCode::CONFLICT);
    let (_, list) = parts(app.get(&format!("/api/vessels/{platform_id}/documents")).await).await;
    let mine = list.as_array().unwrap().iter().find(|d| d["id"] == b).unwrap();
    assert_eq!(mine["reviewReason"], "Unreadable scan.", "the owner sees why");
}

/// Documents belong to the ownership period they were uploaded in: after a
/// transfer the past owner no longer sees, adds or removes any, and the new
/// owner sees only that the previous owner's exist (kind and date), cannot
/// open or delete them, and starts with no documents counted; verifying the
/// previous owner's document does not make the new owner's vessel verified.
#[tokio::test]
async fn past_owners_lose_access_at_the_transfer() {
    let app = TestApp::spawn().await;
    let vessel = owner_with_vessel(&app).await;
    let (id, platform_id) = (vessel["id"].as_str().unwrap(), vessel["platformId"].as_str().unwrap());
    let (_, stored) = upload(&app, form(id, vec![("a.pdf", pdf(512), "invoice", None)])).await;
    let doc_id = stored[0]["id"].as_str().unwrap();
    let buyer = app.second_browser();
    let buyer_user = buyer.signed_in_user("buyer@example.nl").await;
    let seller_id = app.scalar_text("SELECT id FROM users WHERE email = 'skipper@example.nl'").await;
    let mut tx = app.state.begin().await.unwrap();
    sqlx::query("UPDATE vessels SET status = 'in_transfer' WHERE id = $1").bind(id).execute(&mut *tx).await.unwrap();
    assert!(
        registry::features::vessels::lifecycle::hand_over(
            &mut tx,
            id,
            &seller_id,
            buyer_user["id"].as_str().unwrap(),
            "t"
        )
        .await
        .unwrap()
    );
    tx.commit().await.unwrap();
    assert_eq!(parts(app.get(&format!("/api/vessels/{platform_id}/documents")).await).await.0, StatusCode::FORBIDDEN);
    assert_eq!(app.get(&format!("/api/documents/{doc_id}/download")).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.delete(&format!("/api/documents/{doc_id}")).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(upload(&app, form(id, vec![("b.pdf", pdf(512), "invoice", None)])).await.0, StatusCode::FORBIDDEN);
    let (status, theirs) = parts(buyer.get(&format!("/api/vessels/{platform_id}/documents")).await).await;
    assert_eq!((status, theirs.as_array().unwrap().len()), (StatusCode::OK, 0), "{theirs}");
    let (status, previous) =
        parts(buyer.get(&format!("/api/vessels/{platform_id}/documents/previous-owners")).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(previous.as_array().unwrap().len(), 1);
    assert_eq!(previous[0]["documentType"], "invoice");
    assert!(previous[0].get("fileName").is_none() && previous[0].get("id").is_none(), "metadata only: {previous}");
    let (status, body) = parts(buyer.get(&format!("/api/documents/{doc_id}/download")).await).await;
    assert_eq!((status, body["messageCode"].as_str()), (StatusCode::FORBIDDEN, Some("document_of_previous_owner")));
    assert_eq!(buyer.delete(&format!("/api/documents/{doc_id}")).await.status(), StatusCode::FORBIDDEN);
    let (_, detail) = parts(buyer.get(&format!("/api/vessels/{platform_id}")).await).await;
    assert_eq!((detail["vessel"]["documentsCount"].as_i64(), detail["documentsCount"].as_i64()), (Some(0), Some(0)));

    // The administrator sees it, as the previous owner's, and verifying it changes no count.
    let admin = app.admin("harbour-master@example.nl").await;
    let (_, all) = parts(admin.get(&format!("/api/vessels/{platform_id}/documents")).await).await;
    assert_eq!((all.as_array().unwrap().len(), all[0]["previousOwner"].as_bool()), (1, Some(true)));
    let (_, queue) = parts(admin.get("/api/admin/documents").await).await;
    assert_eq!(
        (queue["data"][0]["uploadedByEmail"].as_str(), queue["data"][0]["previousOwner"].as_bool()),
        (Some("skipper@example.nl"), Some(true)),
        "who uploaded it, in which period: {queue}"
    );
    let review = format!("/api/admin/documents/{doc_id}/review");
    assert_eq!(admin.post(&review, json!({"decision": "verified"})).await.status(), StatusCode::OK);
    let (_, detail) = parts(buyer.get(&format!("/api/vessels/{platform_id}")).await).await;
    assert_eq!(detail["vessel"]["verifiedDocumentsCount"], 0, "{detail}");
    // The new owner's own document counts.
    let (status, mine) = upload(&buyer, form(id, vec![("c.pdf", pdf(512), "proof_of_purchase", None)])).await;
    assert_eq!(status, StatusCode::CREATED, "{mine}");
    let (_, listed) = parts(buyer.get(&format!("/api/vessels/{platform_id}/documents")).await).await;
    assert_eq!((listed.as_array().unwrap().len(), listed[0]["previousOwner"].as_bool()), (1, Some(false)));
    assert_eq!(
        buyer.get(&format!("/api/documents/{}/download", mine[0]["id"].as_str().unwrap())).await.status(),
        StatusCode::OK
    );
}

/// Small edges of an upload: a text field with a bidirectional override is
/// refused as in JSON, a long file name keeps its extension, and an upload
/// over 50 MB in all names that limit.
#[tokio::test]
async fn upload_edges_are_checked_like_every_other_input() {
    let app = TestApp::spawn().await;
    let vessel = owner_with_vessel(&app).await;
    let id = vessel["id"].as_str().unwrap();
    let (status, body) = upload(&app, form(id, vec![("a.pdf", pdf(512), "custom", Some("a\u{202E}b"))])).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(body["fields"]["customType_0"].is_array(), "{body}");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM documents").await, 0);

    let long = format!("{}.pdf", "survey-report-".repeat(12));
    let (status, body) = upload(&app, form(id, vec![(&long, pdf(512), "invoice", None)])).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let name = app.scalar_text("SELECT original_name FROM documents").await;
    assert_eq!((name.rsplit_once('.').map(|(_, ext)| ext), name.chars().count()), (Some("pdf"), 120), "{name}");

    let six = (0..6).map(|_| ("part.pdf", pdf(9 * 1024 * 1024), "invoice", None)).collect();
    let (status, body) = upload(&app, form(id, six)).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{body}");
    assert_eq!(body["messageCode"], "upload_total_too_large", "{body}");
    assert!(body["message"].as_str().unwrap().contains("50 MB"), "{body}");
}

/// `POST /api/vessels/{id}/documents`: the owner uploads as before; anyone
/// else is refused before a byte of the body is read (the answer comes while
/// the client is still sending its 52 MB), so strangers' uploads cost no memory.
#[tokio::test]
async fn uploads_to_a_vessel_are_authorized_before_the_body_is_read() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let app = TestApp::spawn().await;
    let vessel = owner_with_vessel(&app).await;
    let platform_id = vessel["platformId"].as_str().unwrap();
    let path = format!("/api/vessels/{platform_id}/documents");
    let mut owners = Form::new();
    owners = owners.text("documentType_0", "invoice").part("files", Part::bytes(pdf(512)).file_name("bill.pdf"));
    let (status, stored) = parts(app.client.post(app.url(&path)).multipart(owners).send().await.unwrap()).await;
    assert_eq!(status, StatusCode::CREATED, "{stored}");
    assert_eq!(stored[0]["fileName"], "bill.pdf");

    let stranger = app.second_browser();
    stranger.signed_in_user("stranger@example.nl").await;
    let login = stranger.login("stranger@example.nl", crate::helpers::PASSWORD).await;
    let cookie = login.headers()[reqwest::header::SET_COOKIE].to_str().unwrap().split(';').next().unwrap().to_owned();
    let address = app.base.trim_start_matches("http://").to_owned();
    let mut stream = tokio::net::TcpStream::connect(&address).await.unwrap();
    let total: usize = 52 * 1024 * 1024;
    let head = format!(
        "POST {path} HTTP/1.1\r\nhost: {address}\r\ncookie: {cookie}\r\n\
         content-type: multipart/form-data; boundary=XyZ\r\ncontent-length: {total}\r\n\r\n\
         --XyZ\r\ncontent-disposition: form-data; name=\"files\"; filename=\"big.pdf\"\r\n\r\n%PDF-1.4\n"
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    // A megabyte of the 52, then the answer must already be there.
    let _ = stream.write_all(&vec![b' '; 1024 * 1024]).await;
    let mut answer = vec![0u8; 4096];
    let n = tokio::time::timeout(std::time::Duration::from_secs(5), stream.read(&mut answer))
        .await
        .expect("answered while the body was still being sent")
        .unwrap();
    let answer = String::from_utf8_lossy(&answer[..n]).to_string();
    assert!(answer.starts_with("HTTP/1.1 403"), "{answer}");
    assert!(answer.contains("owner_only_upload"), "{answer}");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM documents").await, 1);
}

/// An object whose row was never committed (a process killed between storing
/// the file and the commit) is deleted by the retention sweep once it is an
/// hour old; stored documents and identity photos in use stay.
async fn orphaned_objects_are_swept_after_an_hour(app: TestApp) {
    use registry::platform::clock::{HOUR, now_ms};
    let vessel = owner_with_vessel(&app).await;
    let (status, _) =
        upload(&app, form(vessel["id"].as_str().unwrap(), vec![("a.pdf", pdf(512), "invoice", None)])).await;
    assert_eq!(status, StatusCode::CREATED);
    let orphan = registry::platform::storage::new_key();
    registry::platform::storage::put(&app.state.storage, &orphan, bytes::Bytes::from_static(b"%PDF-1.4 left behind"))
        .await
        .unwrap();
    assert_eq!(stored_objects(&app).await, 2);
    let swept = registry::app::jobs::retention::sweep_objects(&app.db, &app.state.storage, now_ms()).await.unwrap();
    assert_eq!(swept, 0, "not before it is an hour old: its upload may still be committing");
    let swept =
        registry::app::jobs::retention::sweep_objects(&app.db, &app.state.storage, now_ms() + 2 * HOUR).await.unwrap();
    assert_eq!(swept, 1);
    let left = registry::platform::storage::keys(&app.state.storage, "documents").await.unwrap();
    assert_eq!(left.len(), 1);
    assert_ne!(left[0], orphan.to_string());
    let kept = app.scalar_text("SELECT object_key FROM documents").await;
    assert_eq!(left[0], kept);
}

#[tokio::test]
async fn orphaned_objects_are_swept_after_an_hour_on_the_filesystem() {
    orphaned_objects_are_swept_after_an_hour(TestApp::spawn().await).await;
}

#[tokio::test]
async fn orphaned_objects_are_swept_after_an_hour_on_s3() {
    if let Some(app) = s3_app().await {
        orphaned_objects_are_swept_after_an_hour(app).await;
    }
}

/// A file over one storage part (5 MiB) is spooled to disk while it arrives
/// and stored part by part, and comes back byte for byte.
async fn a_large_file_is_stored_in_parts(app: TestApp) {
    let vessel = owner_with_vessel(&app).await;
    let big = pdf(7 * 1024 * 1024 + 123);
    let (status, stored) =
        upload(&app, form(vessel["id"].as_str().unwrap(), vec![("survey.pdf", big.clone(), "invoice", None)])).await;
    assert_eq!(status, StatusCode::CREATED, "{stored}");
    assert_eq!(stored[0]["sizeBytes"], big.len());
    let id = stored[0]["id"].as_str().unwrap();
    let r = app.get(&format!("/api/documents/{id}/download")).await;
    assert_eq!(r.status(), StatusCode::OK);
    assert!(r.bytes().await.unwrap() == big, "the same bytes come back");
}

#[tokio::test]
async fn a_large_file_is_stored_in_parts_on_the_filesystem() {
    a_large_file_is_stored_in_parts(TestApp::spawn().await).await;
}

#[tokio::test]
async fn a_large_file_is_stored_in_parts_on_s3() {
    if let Some(app) = s3_app().await {
        a_large_file_is_stored_in_parts(app).await;
    }
}
