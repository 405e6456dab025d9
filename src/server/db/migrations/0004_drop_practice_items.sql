-- practice_items was never read or written: practice items are not stored (docs/decisions/0051).
DROP TABLE "practice_items" CASCADE;