-- A document belongs to the ownership period in which it was uploaded: its owner sees, counts
-- and removes it; after a transfer the new owner sees only that it exists (type, date), and the
-- vessel's document counts (cards, the verification checklist, the badge) start again at zero.
ALTER TABLE documents ADD COLUMN ownership_id TEXT REFERENCES ownership_history (id);
UPDATE documents SET ownership_id = (
    SELECT h.id FROM ownership_history h
    WHERE h.vessel_id = documents.vessel_id AND h.owner_user_id = documents.uploaded_by
      AND h.acquired_at <= documents.uploaded_at
    ORDER BY h.acquired_at DESC LIMIT 1
);
CREATE INDEX documents_ownership ON documents (ownership_id, uploaded_at);
UPDATE vessels SET
    documents_count = (
        SELECT COUNT(*) FROM documents d JOIN ownership_history h ON h.id = d.ownership_id
        WHERE d.vessel_id = vessels.id AND h.transferred_out_at IS NULL),
    verified_documents_count = (
        SELECT COUNT(*) FROM documents d JOIN ownership_history h ON h.id = d.ownership_id
        WHERE d.vessel_id = vessels.id AND h.transferred_out_at IS NULL AND d.review_status = 'verified');
