-- The image-rights confirmation wordings (spec 2.4, 9). legal_texts is insert-only: a new
-- wording is a new key, never an edit. v3 is written but has no effective date yet.
INSERT INTO legal_texts (key, language, body, effective_at) VALUES
  ('img-confirm-v1', 'de', 'Ich bestätige, dass ich die Rechte an diesem Bild besitze oder zur Veröffentlichung berechtigt bin.', '2024-01-01T00:00:00Z'),
  ('img-confirm-v2', 'de', 'Ich versichere, dass ich alle für die Veröffentlichung nötigen Nutzungsrechte an diesem Bild habe, dass abgebildete Personen eingewilligt haben und dass die Urheberangabe zutrifft. Ich stelle den Betreiber von Ansprüchen Dritter frei, die aus einer unzutreffenden Angabe entstehen.', '2025-06-01T00:00:00Z'),
  ('img-confirm-v3', 'de', 'Ich versichere, dass ich alle für die Veröffentlichung nötigen Nutzungsrechte an diesem Bild habe, auch für die Verbreitung in Feeds und Vorschaubildern, dass abgebildete Personen eingewilligt haben, dass die Urheberangabe zutrifft und dass ich eine KI-Erzeugung oder -Bearbeitung angegeben habe.', NULL)
ON CONFLICT (key) DO NOTHING;

-- One cover per release among the images that are not removed.
CREATE UNIQUE INDEX IF NOT EXISTS press_release_images_one_cover
  ON press_release_images (press_release_id) WHERE is_cover AND deleted_at IS NULL;
