import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { toApiUser } from "~/models/api-shapes.server";
import { clientIp } from "~/models/rate-limit.server";
import { register, registerSchema } from "~/models/user.server";
import { apiRoute, readJson, refusedAttemptJson, type ApiMethods } from "~/utils/api.server";
import { apiError } from "~/utils/http.server";
import { parseInput } from "~/utils/validation";

const methods: ApiMethods = {
  // POST {username, email, password, phone, address, answer}: the spec's clients send the name as `username`.
  POST: async ({ request, context }) => {
    const body = await readJson(request, z.looseObject({}));
    const parsed = parseInput(registerSchema, { ...body, name: body.username ?? body.name });
    if (!parsed.success) return apiError(400, parsed.message, { errors: parsed.errors });
    const result = await register(parsed.data, { ip: clientIp(request, context) });
    if (!result.ok) return refusedAttemptJson(result, 409);
    return json({ success: true, message: "User Register Successfully", user: toApiUser(result.user) }, { status: 201 });
  },
};

export const loader = (args: LoaderFunctionArgs) => apiRoute(args, methods);
export const action = loader;
