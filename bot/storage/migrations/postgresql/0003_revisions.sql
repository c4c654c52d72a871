-- A counter bumped by every change of a game's position (a move, an undo, a restore). Undo brings the
-- version (the number of moves) back to an earlier value, so the version alone cannot tell whether a
-- cached or snapshotted state is still the current one; the version and the revision together can.

ALTER TABLE games ADD COLUMN revision BIGINT NOT NULL DEFAULT 0;
ALTER TABLE snapshots ADD COLUMN revision BIGINT NOT NULL DEFAULT 0;
