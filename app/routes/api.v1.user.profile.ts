import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { toApiUser } from "~/models/api-shapes.server";
import { profileSchema, updateProfile } from "~/models/user.server";
import { apiRoute, readJson, type ApiMethods } from "~/utils/api.server";
import { bearerToken, requireApiUser } from "~/utils/auth.server";
import { apiError } from "~/utils/http.server";
import { readSessionToken } from "~/utils/session.server";
import { parseInput } from "~/utils/validation";

const methods: ApiMethods = {
  // PUT {name, email, password, phone, address}: blank fields keep their value;
  // `email` is accepted (the old clients send it) and ignored: it never changes.
  PUT: async ({ request }) => {
    const user = await requireApiUser(request);
    const body = await readJson(request, z.looseObject({}));
    const parsed = parseInput(profileSchema, body);
    // The old clients show `error` as a toast; `message` is this API's usual field.
    if (!parsed.success) return apiError(400, parsed.message, { error: parsed.message, errors: parsed.errors });
    const currentToken = bearerToken(request) ?? (await readSessionToken(request));
    const updatedUser = await updateProfile(user.id, parsed.data, currentToken);
    return json({ success: true, message: "Profile Updated Successfully", updatedUser: toApiUser(updatedUser) });
  },
};

export const loader = (args: LoaderFunctionArgs) => apiRoute(args, methods);
export const action = loader;
