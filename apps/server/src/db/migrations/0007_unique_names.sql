-- Issue 10, item 3: the database now enforces the uniqueness rules the services checked alone
-- (two requests at once could both pass the check), and an install the race already damaged is
-- mended first, so this migration never fails on existing rows.
--
-- 1. Departments caught in a cycle (X under Y and Y under X) reach no root: the lowest-numbered
--    department on each cycle moves under the root, which leaves everything reachable again.
DO $$
DECLARE
  root_id integer;
  stray integer;
  seen integer[];
BEGIN
  SELECT id INTO root_id FROM departments WHERE parent_id IS NULL ORDER BY id LIMIT 1;
  IF root_id IS NULL THEN
    RETURN;
  END IF;
  LOOP
    WITH RECURSIVE reached(id) AS (
      SELECT id FROM departments WHERE parent_id IS NULL
      UNION
      SELECT d.id FROM departments d JOIN reached r ON d.parent_id = r.id
    )
    SELECT min(id) INTO stray FROM departments WHERE id NOT IN (SELECT id FROM reached);
    EXIT WHEN stray IS NULL;
    -- Up from the stray department until a department repeats: that one is on the cycle.
    seen := ARRAY[]::integer[];
    WHILE NOT stray = ANY (seen) LOOP
      seen := seen || stray;
      SELECT parent_id INTO stray FROM departments WHERE id = stray;
    END LOOP;
    SELECT min(id) INTO stray FROM departments WHERE id = ANY (seen[array_position(seen, stray):]);
    UPDATE departments SET parent_id = root_id WHERE id = stray;
  END LOOP;
END $$;--> statement-breakpoint
-- 2. Sibling departments whose names differ only in case: all but the oldest get " (2)", " (3)"…
DO $$
DECLARE
  dup record;
  candidate text;
  n integer;
BEGIN
  FOR dup IN
    SELECT d.id, d.parent_id, d.name FROM departments d
    WHERE EXISTS (
      SELECT 1 FROM departments o
      WHERE o.parent_id IS NOT DISTINCT FROM d.parent_id AND lower(o.name) = lower(d.name) AND o.id < d.id
    )
    ORDER BY d.id
  LOOP
    n := 2;
    LOOP
      candidate := left(dup.name, 64 - length(' (' || n || ')')) || ' (' || n || ')';
      EXIT WHEN NOT EXISTS (
        SELECT 1 FROM departments o
        WHERE o.parent_id IS NOT DISTINCT FROM dup.parent_id AND lower(o.name) = lower(candidate)
      );
      n := n + 1;
    END LOOP;
    UPDATE departments SET name = candidate WHERE id = dup.id;
  END LOOP;
END $$;--> statement-breakpoint
-- 3. Role codes that differ only in case: all but the oldest get "_2", "_3"… (still a valid code).
DO $$
DECLARE
  dup record;
  candidate text;
  n integer;
BEGIN
  FOR dup IN
    SELECT r.id, r.code FROM roles r
    WHERE EXISTS (SELECT 1 FROM roles o WHERE lower(o.code) = lower(r.code) AND o.id < r.id)
    ORDER BY r.id
  LOOP
    n := 2;
    LOOP
      candidate := left(dup.code, 32 - length('_' || n)) || '_' || n;
      EXIT WHEN NOT EXISTS (SELECT 1 FROM roles o WHERE lower(o.code) = lower(candidate));
      n := n + 1;
    END LOOP;
    UPDATE roles SET code = candidate WHERE id = dup.id;
  END LOOP;
END $$;--> statement-breakpoint
DROP INDEX "roles_code_key";--> statement-breakpoint
CREATE UNIQUE INDEX "departments_parent_name_key" ON "departments" USING btree ("parent_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "roles_code_key" ON "roles" USING btree (lower("code"));
