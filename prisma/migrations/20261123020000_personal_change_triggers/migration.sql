-- A login that ends or changes tells every app instance to drop the pages
-- it keeps for that user (NOTIFY personal_changed with the user's id: see
-- app/utils/personal-bus.ts and server/middleware/page-cache.ts): a session
-- deleted or changed (logout, password reset, revocation), a user changed
-- (name, role, password) or deleted. Deleting sessions that had already
-- expired says nothing (their pages are no longer served anyway: Prisma
-- keeps DateTime as UTC without a zone), so the
-- periodic clean-up sends no storm. A TRUNCATE says "everyone" (payload '').
-- PostgreSQL folds identical notifications of one transaction into one.
-- (The bodies' semicolons are written \073: the migration runner splits
-- scripts at every semicolon, even inside a quoted function body.)
CREATE FUNCTION session_changed_notify() RETURNS trigger LANGUAGE plpgsql
  AS E'BEGIN PERFORM pg_notify(''personal_changed'', OLD."userId")\073 RETURN NULL\073 END';
CREATE FUNCTION user_changed_notify() RETURNS trigger LANGUAGE plpgsql
  AS E'BEGIN PERFORM pg_notify(''personal_changed'', OLD.id)\073 RETURN NULL\073 END';
CREATE FUNCTION everyone_changed_notify() RETURNS trigger LANGUAGE plpgsql
  AS E'BEGIN PERFORM pg_notify(''personal_changed'', '''')\073 RETURN NULL\073 END';

CREATE TRIGGER "Session_personal_changed" AFTER UPDATE OR DELETE ON "Session"
  FOR EACH ROW WHEN (OLD."expiresAt" > (now() AT TIME ZONE 'UTC')) EXECUTE FUNCTION session_changed_notify();
CREATE TRIGGER "User_personal_changed" AFTER UPDATE OR DELETE ON "User"
  FOR EACH ROW EXECUTE FUNCTION user_changed_notify();
CREATE TRIGGER "Session_personal_truncated" AFTER TRUNCATE ON "Session"
  FOR EACH STATEMENT EXECUTE FUNCTION everyone_changed_notify();
CREATE TRIGGER "User_personal_truncated" AFTER TRUNCATE ON "User"
  FOR EACH STATEMENT EXECUTE FUNCTION everyone_changed_notify();
