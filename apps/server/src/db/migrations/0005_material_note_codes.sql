-- Material notes become codes the web translates (contract MATERIAL_NOTES); notes written in
-- English by earlier versions are mapped to theirs.
UPDATE "materials" SET "note" = CASE
  WHEN "note" LIKE 'Video processing is unavailable%' THEN 'videoToolsMissing'
  WHEN "note" LIKE 'The file could not be read as an image%' THEN 'unreadableImage'
  WHEN "note" LIKE 'The file could not be read as a video%' THEN 'unreadableVideo'
  WHEN "note" LIKE 'The file holds no video stream%' THEN 'noVideoStream'
  WHEN "note" LIKE 'No poster frame%' THEN 'noPoster'
  ELSE 'processingStalled'
END
WHERE "note" IS NOT NULL;
