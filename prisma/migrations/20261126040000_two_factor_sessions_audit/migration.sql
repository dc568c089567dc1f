-- Two-factor sign-in, the sessions list and the audit trail (issue 25).

-- User: TOTP secret, when it was confirmed, the last time step accepted.
ALTER TABLE "User" ADD COLUMN "totpSecret" TEXT,
ADD COLUMN "totpEnabledAt" TIMESTAMP(3),
ADD COLUMN "totpLastStep" INTEGER;

-- Session: what the account's list of sessions shows.
ALTER TABLE "Session" ADD COLUMN "userAgent" TEXT NOT NULL DEFAULT '',
ADD COLUMN "ip" TEXT NOT NULL DEFAULT '',
ADD COLUMN "lastSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- Seeing a session again is not a change of login: only a delete, or an
-- update of what identifies the session, tells the page caches (before, any
-- UPDATE did, and "last seen" would drop a user's pages every minute).
DROP TRIGGER "Session_personal_changed" ON "Session";
CREATE TRIGGER "Session_personal_changed" AFTER DELETE OR UPDATE OF id, "userId", "expiresAt" ON "Session"
  FOR EACH ROW WHEN (OLD."expiresAt" > (now() AT TIME ZONE 'UTC')) EXECUTE FUNCTION session_changed_notify();

CREATE TABLE "RecoveryCode" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "codeHash" TEXT NOT NULL,
    "usedAt" TIMESTAMP(3),

    CONSTRAINT "RecoveryCode_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "RecoveryCode_userId_codeHash_key" ON "RecoveryCode"("userId", "codeHash");
ALTER TABLE "RecoveryCode" ADD CONSTRAINT "RecoveryCode_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "AuditEntry" (
    "id" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actorId" TEXT,
    "actorEmail" TEXT NOT NULL,
    "actorIp" TEXT NOT NULL DEFAULT '',
    "kind" TEXT NOT NULL,
    "targetType" TEXT NOT NULL,
    "targetId" TEXT NOT NULL,
    "targetLabel" TEXT NOT NULL,
    "targetPath" TEXT,
    "changes" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "AuditEntry_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "AuditEntry_at_id_idx" ON "AuditEntry"("at", "id");
CREATE INDEX "AuditEntry_actorEmail_at_idx" ON "AuditEntry"("actorEmail", "at");
CREATE INDEX "AuditEntry_kind_at_idx" ON "AuditEntry"("kind", "at");
CREATE INDEX "AuditEntry_targetId_at_idx" ON "AuditEntry"("targetId", "at");

-- The trail is append-only, whoever asks: the app, a script or psql.
-- (Semicolons in the body are written \073: the migration runner splits
-- scripts at every semicolon.)
CREATE FUNCTION audit_entry_append_only() RETURNS trigger LANGUAGE plpgsql
  AS E'BEGIN RAISE EXCEPTION ''The audit trail cannot be changed or deleted (% refused)'', TG_OP USING ERRCODE = ''insufficient_privilege''\073 END';
CREATE TRIGGER "AuditEntry_append_only" BEFORE UPDATE OR DELETE ON "AuditEntry"
  FOR EACH ROW EXECUTE FUNCTION audit_entry_append_only();
CREATE TRIGGER "AuditEntry_no_truncate" BEFORE TRUNCATE ON "AuditEntry"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_entry_append_only();

-- Roles change outside the app's screens (a script, psql): the database
-- records those itself. The actor is `app.actor` when the writing
-- transaction set it (set_config('app.actor', …, true)), else the system.
CREATE FUNCTION user_role_audit() RETURNS trigger LANGUAGE plpgsql
  AS E'BEGIN INSERT INTO "AuditEntry" (id, "actorEmail", kind, "targetType", "targetId", "targetLabel", "targetPath", changes) VALUES (gen_random_uuid()::text, coalesce(nullif(current_setting(''app.actor'', true), ''''), ''system/script''), ''user.role'', ''user'', NEW.id, NEW.email, ''/dashboard/admin/users'', jsonb_build_object(''role'', jsonb_build_object(''before'', CASE WHEN TG_OP = ''INSERT'' THEN NULL ELSE OLD.role END, ''after'', NEW.role)))\073 RETURN NULL\073 END';
CREATE TRIGGER "User_role_audit" AFTER UPDATE OF role ON "User"
  FOR EACH ROW WHEN (OLD.role IS DISTINCT FROM NEW.role) EXECUTE FUNCTION user_role_audit();
CREATE TRIGGER "User_admin_created_audit" AFTER INSERT ON "User"
  FOR EACH ROW WHEN (NEW.role <> 0) EXECUTE FUNCTION user_role_audit();
