-- A vessel held for review because another vessel took one of its identifiers stored the English
-- reason; it is now stored as its message code, so each reader reads it in their language.
UPDATE vessels SET review_reason = 'vessel_identifier_taken_review'
WHERE review_reason LIKE 'The registration fee was paid, but another vessel registered one of this vessel''s identifiers%';
