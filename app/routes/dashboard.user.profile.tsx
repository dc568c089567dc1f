import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation, type ShouldRevalidateFunction } from "@remix-run/react";
import { redirectWithSuccess } from "~/http/toast.server";
import { AccountForm } from "~/components/account/AccountForm";
import { TextField, useResultKey } from "~/components/ui/TextField";
import { PASSWORD_MIN_LENGTH } from "~/domain/accounts/user";
import { attemptContext } from "~/http/client.server";
import { updateProfile } from "~/domain/accounts/user.server";
import { profileSchema } from "~/domain/accounts/user.schema";
import { requireUser } from "~/http/auth.server";
import { readValidForm, refusedAttempt } from "~/http/request-input.server";
import { assertSameOrigin } from "~/http/http.server";
import { readSessionToken } from "~/http/session-cookie.server";
import { fieldProps, useSchemaForm } from "~/utils/hooks/use-schema-form";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  // `loadedAt` remounts the form after each save, so the password field empties.
  return json({ name: user.name, email: user.email, phone: user.phone, address: user.address, loadedAt: Date.now() });
}

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request, context);
  const user = await requireUser(request);
  // profileSchema has no e-mail: a crafted `email` field is dropped here.
  const form = await readValidForm(request, profileSchema, ["name", "phone", "address"]);
  if (!form.ok) return form.response;
  const result = await updateProfile(user.id, form.data, await readSessionToken(request), attemptContext(request, context));
  if (!result.ok) return refusedAttempt(result, form.values);
  return redirectWithSuccess("/dashboard/user/profile", "Profile Updated Successfully");
}

// A refused post changed nothing: keep the loaded profile (a new `loadedAt` would remount the form a second time, emptying what was typed since).
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  actionResult?.errors ? false : defaultShouldRevalidate;

export const meta: MetaFunction = () => [{ title: "Your Profile | Storefront" }, { name: "robots", content: "noindex" }];

export default function Profile() {
  const user = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // Remounted after each save (the loader's time) and each refusal, so the password fields empty and the answer's messages show.
  const formKey = user.loadedAt + useResultKey(actionData);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/dashboard/user/profile";
  const { fields, values, formProps } = useSchemaForm(profileSchema, actionData, {
    id: "profile",
    defaultValue: { name: user.name, phone: user.phone, address: user.address },
  });
  return (
    <AccountForm title="USER PROFILE" formKey={formKey} formProps={formProps} error={actionData?.errors.form}>
      <TextField label="Name" autoComplete="name" {...fieldProps(fields.name, values)} />
      <TextField label="Email" name="email" type="email" value={user.email} disabled readOnly hint="Your e-mail cannot be changed." />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`Leave blank to keep your password. A new one needs at least ${PASSWORD_MIN_LENGTH} characters.`}
        {...fieldProps(fields.password, values)}
        defaultValue={undefined}
      />
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        hint="Needed only to set a new password."
        {...fieldProps(fields.currentPassword, values)}
        defaultValue={undefined}
      />
      <TextField label="Phone" type="tel" autoComplete="tel" hint="e.g. +1 555 010 0199" {...fieldProps(fields.phone, values)} />
      <TextField label="Address" autoComplete="street-address" {...fieldProps(fields.address, values)} />
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? "Updating..." : "UPDATE"}
      </button>
    </AccountForm>
  );
}
