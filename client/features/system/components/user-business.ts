// The grants behind 分配菜单, 分配仓库 and 分配客户: one jsh_user_business row per (type, keyId) whose value lists ids
// as [13][14]. The row is looked up first (checkIsValueExist answers its id, or none), then updated or added. The
// value travels as a JSON array of numbers: the backend turns [13,14] into [13][14], while strings would be
// stored quoted (["13"]["14"]) and never match again.
import { answerText, isOk, interpretSaveAnswer, okObject, type SaveOutcome } from '../../../lib/backend/envelope';
import { http } from '../../../lib/http';

export type GrantType = 'RoleFunctions' | 'UserDepot' | 'UserCustomer';

export async function saveUserBusiness(type: GrantType, keyId: number, value: readonly number[]): Promise<SaveOutcome> {
  const check = await http.get<unknown>('/userBusiness/checkIsValueExist', { type, keyId });
  if (!isOk(check)) return { ok: false, message: answerText(check) };
  const found = okObject(check)?.id;
  const body = { type, keyId, value: [...value] };
  const answer =
    typeof found === 'number'
      ? await http.put<unknown>('/userBusiness/update', { id: found, ...body })
      : await http.post<unknown>('/userBusiness/add', body);
  return interpretSaveAnswer(answer);
}

/** 分配用户 of a depot or customer: the checked users hold `oneValue`, every other user loses it. */
export async function saveUsersHolding(
  type: 'UserDepot' | 'UserCustomer',
  oneValue: number,
  keyIds: readonly number[],
): Promise<SaveOutcome> {
  const url = '/userBusiness/updateOneValueByKeyIdAndType';
  return interpretSaveAnswer(await http.post<unknown>(url, { type, keyIds: [...keyIds], oneValue }));
}
