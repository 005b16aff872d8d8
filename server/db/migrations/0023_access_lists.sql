CREATE TABLE "matter_access" (
	"matter_id" bigint NOT NULL,
	"position_id" bigint,
	"created_by" text
);

--> statement-breakpoint
CREATE TABLE "project_access" (
	"project_id" bigint NOT NULL,
	"position_id" bigint,
	"created_by" text
);

--> statement-breakpoint
ALTER TABLE "matter_access" ADD CONSTRAINT "matter_access_matter_fk" FOREIGN KEY ("matter_id") REFERENCES "public"."matters"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "project_access" ADD CONSTRAINT "project_access_project_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "matter_access_position_idx" ON "matter_access" USING btree ("position_id","matter_id");
--> statement-breakpoint
CREATE INDEX "matter_access_created_by_idx" ON "matter_access" USING btree ("created_by","matter_id");
--> statement-breakpoint
CREATE INDEX "matter_access_matter_idx" ON "matter_access" USING btree ("matter_id");
--> statement-breakpoint
CREATE INDEX "project_access_position_idx" ON "project_access" USING btree ("position_id","project_id");
--> statement-breakpoint
CREATE INDEX "project_access_created_by_idx" ON "project_access" USING btree ("created_by","project_id");
--> statement-breakpoint
CREATE INDEX "project_access_project_idx" ON "project_access" USING btree ("project_id");
--> statement-breakpoint
CREATE INDEX "expenses_date_idx" ON "expenses" USING btree ("date");
--> statement-breakpoint
-- The stored access lists of matters and projects (server/engagements/accessTables.ts): the
-- functions that rebuild them, the triggers that call those in the transaction of every write of
-- the rows that say who is on a list, and the fill of the lists from the rows already there.
CREATE OR REPLACE FUNCTION refresh_matter_access(ids bigint[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM matter_access WHERE matter_id = ANY(ids);
  INSERT INTO matter_access (matter_id, position_id, created_by)
  SELECT DISTINCT m.id, l.position_id, NULL::text
  FROM matters m
  LEFT JOIN projects p ON p.id = m.project_id
  CROSS JOIN LATERAL (
    SELECT m.responsible_position_id
    UNION SELECT m.international_responsible_position_id
    UNION SELECT m.hunter_position_id
    UNION SELECT mt.team_position_id FROM matter_teams mt WHERE mt.matter_id = m.id
    UNION SELECT p.business_relationship_manager_position_id
    UNION SELECT pm.manager_position_id FROM project_managers pm WHERE pm.project_id = p.id
  ) l(position_id)
  WHERE m.id = ANY(ids) AND l.position_id IS NOT NULL
  UNION ALL
  SELECT m.id, NULL::bigint, m.created_by FROM matters m WHERE m.id = ANY(ids) AND m.created_by IS NOT NULL;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_project_access(ids bigint[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM project_access WHERE project_id = ANY(ids);
  INSERT INTO project_access (project_id, position_id, created_by)
  SELECT DISTINCT p.id, l.position_id, NULL::text
  FROM projects p
  CROSS JOIN LATERAL (
    SELECT p.business_relationship_manager_position_id
    UNION SELECT pm.manager_position_id FROM project_managers pm WHERE pm.project_id = p.id
    UNION SELECT m.responsible_position_id FROM matters m WHERE m.project_id = p.id
    UNION SELECT m.international_responsible_position_id FROM matters m WHERE m.project_id = p.id
    UNION SELECT m.hunter_position_id FROM matters m WHERE m.project_id = p.id
    UNION SELECT mt.team_position_id FROM matters m JOIN matter_teams mt ON mt.matter_id = m.id WHERE m.project_id = p.id
  ) l(position_id)
  WHERE p.id = ANY(ids) AND l.position_id IS NOT NULL
  UNION ALL
  SELECT p.id, NULL::bigint, p.created_by FROM projects p WHERE p.id = ANY(ids) AND p.created_by IS NOT NULL;
$$;
--> statement-breakpoint
-- a matter: its own list and its project's (old and new project when it moves)
CREATE OR REPLACE FUNCTION matters_access_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM refresh_matter_access(ARRAY[NEW.id]);
    PERFORM refresh_project_access(ARRAY[NEW.project_id]);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    IF TG_OP = 'DELETE' THEN PERFORM refresh_matter_access(ARRAY[OLD.id]); END IF;
    IF TG_OP = 'DELETE' OR OLD.project_id IS DISTINCT FROM NEW.project_id THEN
      PERFORM refresh_project_access(ARRAY[OLD.project_id]);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER matters_access_insert_delete AFTER INSERT OR DELETE ON matters
  FOR EACH ROW EXECUTE FUNCTION matters_access_trigger();
--> statement-breakpoint
CREATE TRIGGER matters_access_update AFTER UPDATE ON matters FOR EACH ROW
  WHEN (OLD.project_id IS DISTINCT FROM NEW.project_id
    OR OLD.responsible_position_id IS DISTINCT FROM NEW.responsible_position_id
    OR OLD.international_responsible_position_id IS DISTINCT FROM NEW.international_responsible_position_id
    OR OLD.hunter_position_id IS DISTINCT FROM NEW.hunter_position_id
    OR OLD.created_by IS DISTINCT FROM NEW.created_by
    OR OLD.id IS DISTINCT FROM NEW.id)
  EXECUTE FUNCTION matters_access_trigger();
--> statement-breakpoint
-- a team row: its matter's list and that matter's project's (old and new matter when it moves)
CREATE OR REPLACE FUNCTION matter_teams_access_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN ids := ARRAY[NEW.matter_id];
  ELSIF TG_OP = 'DELETE' THEN ids := ARRAY[OLD.matter_id];
  ELSE ids := ARRAY[NEW.matter_id, OLD.matter_id];
  END IF;
  PERFORM refresh_matter_access(ids);
  PERFORM refresh_project_access(ARRAY(SELECT DISTINCT project_id FROM matters WHERE id = ANY(ids)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER matter_teams_access_insert_delete AFTER INSERT OR DELETE ON matter_teams
  FOR EACH ROW EXECUTE FUNCTION matter_teams_access_trigger();
--> statement-breakpoint
CREATE TRIGGER matter_teams_access_update AFTER UPDATE ON matter_teams FOR EACH ROW
  WHEN (OLD.matter_id IS DISTINCT FROM NEW.matter_id OR OLD.team_position_id IS DISTINCT FROM NEW.team_position_id)
  EXECUTE FUNCTION matter_teams_access_trigger();
--> statement-breakpoint
-- a project: its own list and the lists of its matters (which hold its people)
CREATE OR REPLACE FUNCTION projects_access_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pid bigint;
BEGIN
  IF TG_OP = 'DELETE' THEN pid := OLD.id; ELSE pid := NEW.id; END IF;
  PERFORM refresh_project_access(ARRAY[pid]);
  PERFORM refresh_matter_access(ARRAY(SELECT m.id FROM matters m WHERE m.project_id = pid));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER projects_access_insert_delete AFTER INSERT OR DELETE ON projects
  FOR EACH ROW EXECUTE FUNCTION projects_access_trigger();
--> statement-breakpoint
CREATE TRIGGER projects_access_update AFTER UPDATE ON projects FOR EACH ROW
  WHEN (OLD.business_relationship_manager_position_id IS DISTINCT FROM NEW.business_relationship_manager_position_id
    OR OLD.created_by IS DISTINCT FROM NEW.created_by)
  EXECUTE FUNCTION projects_access_trigger();
--> statement-breakpoint
-- a project manager: its project's list and the lists of that project's matters
CREATE OR REPLACE FUNCTION project_managers_access_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN ids := ARRAY[NEW.project_id];
  ELSIF TG_OP = 'DELETE' THEN ids := ARRAY[OLD.project_id];
  ELSE ids := ARRAY[NEW.project_id, OLD.project_id];
  END IF;
  PERFORM refresh_project_access(ids);
  PERFORM refresh_matter_access(ARRAY(SELECT m.id FROM matters m WHERE m.project_id = ANY(ids)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER project_managers_access_insert_delete AFTER INSERT OR DELETE ON project_managers
  FOR EACH ROW EXECUTE FUNCTION project_managers_access_trigger();
--> statement-breakpoint
CREATE TRIGGER project_managers_access_update AFTER UPDATE ON project_managers FOR EACH ROW
  WHEN (OLD.project_id IS DISTINCT FROM NEW.project_id OR OLD.manager_position_id IS DISTINCT FROM NEW.manager_position_id)
  EXECUTE FUNCTION project_managers_access_trigger();
--> statement-breakpoint
-- the lists of the rows already there
SELECT refresh_matter_access(ARRAY(SELECT id FROM matters));
--> statement-breakpoint
SELECT refresh_project_access(ARRAY(SELECT id FROM projects));
--> statement-breakpoint
ANALYZE matter_access;
--> statement-breakpoint
ANALYZE project_access;
