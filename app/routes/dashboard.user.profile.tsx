import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { redirectWithSuccess } from "~/utils/toast.server";
import { AccountForm } from "~/components/AccountForm";
import { TextField } from "~/components/TextField";
import { PASSWORD_MIN_LENGTH } from "~/models/user";
import { profileSchema, updateProfile } from "~/models/user.server";
import { requireUser } from "~/utils/auth.server";
import { readValidForm } from "~/utils/form.server";
import { assertSameOrigin } from "~/utils/http.server";
import { readSessionToken } from "~/utils/session.server";
import type { FieldErrors } from "~/utils/validation";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  // `loadedAt` remounts the form after each save, so the password field empties.
  return json({ name: user.name, email: user.email, phone: user.phone, address: user.address, loadedAt: Date.now() });
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  // profileSchema has no e-mail: a crafted `email` field is dropped here.
  const form = await readValidForm(request, profileSchema, ["name", "phone", "address"]);
  if (!form.ok) return form.response;
  await updateProfile(user.id, form.data, await readSessionToken(request));
  return redirectWithSuccess("/dashboard/user/profile", "Profile Updated Successfully");
}

export const meta: MetaFunction = () => [{ title: "Your Profile | Storefront" }, { name: "robots", content: "noindex" }];

export default function Profile() {
  const user = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/dashboard/user/profile";
  const errors: FieldErrors = actionData?.errors ?? {};
  const values = actionData?.values;
  return (
    <AccountForm title="USER PROFILE" formKey={user.loadedAt}>
      <TextField
        label="Name"
        name="name"
        autoComplete="name"
        maxLength={100}
        defaultValue={values?.name ?? user.name}
        error={errors.name}
      />
      <TextField label="Email" name="email" type="email" value={user.email} disabled readOnly hint="Your e-mail cannot be changed." />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        minLength={PASSWORD_MIN_LENGTH}
        hint={`Leave blank to keep your password. A new one needs at least ${PASSWORD_MIN_LENGTH} characters.`}
        error={errors.password}
      />
      <TextField
        label="Phone"
        name="phone"
        type="tel"
        autoComplete="tel"
        maxLength={30}
        defaultValue={values?.phone ?? user.phone}
        error={errors.phone}
      />
      <TextField
        label="Address"
        name="address"
        autoComplete="street-address"
        maxLength={300}
        defaultValue={values?.address ?? user.address}
        error={errors.address}
      />
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? "Updating..." : "UPDATE"}
      </button>
    </AccountForm>
  );
}
