/** The member's own account and its security settings. */
import { op } from '../op';
import {
  Account,
  AvatarBody,
  AvatarChanged,
  BindEmailBody,
  ChangeMobileBody,
  ChangePasswordBody,
  EmailBound,
  MobileChanged,
  NicknameBody,
} from '../schemas/account';
import { Ok } from '../schemas/common';

export const getAccount = op({
  id: 'getAccount',
  method: 'get',
  path: '/v1/users/account',
  auth: 'member',
  tag: 'user',
  summary: '当前会员账户信息（昵称、头像、手机、余额等）',
  response: Account,
});

export const updateNickname = op({
  id: 'updateNickname',
  method: 'post',
  path: '/v1/users/nickname',
  auth: 'member',
  tag: 'user',
  summary: '修改昵称',
  body: NicknameBody,
  response: Ok,
});

export const changeMobile = op({
  id: 'changeMobile',
  method: 'post',
  path: '/v1/users/mobile',
  auth: 'member',
  tag: 'user',
  summary: '更换（或首次绑定）手机号',
  body: ChangeMobileBody,
  response: MobileChanged,
});

export const changePassword = op({
  id: 'changePassword',
  method: 'post',
  path: '/v1/users/password',
  auth: 'member',
  tag: 'user',
  summary: '设置或修改登录密码',
  body: ChangePasswordBody,
  response: Ok,
});

export const bindEmail = op({
  id: 'bindEmail',
  method: 'post',
  path: '/v1/users/email',
  auth: 'member',
  tag: 'user',
  summary: '绑定或更换邮箱',
  body: BindEmailBody,
  response: EmailBound,
});

export const updateAvatar = op({
  id: 'updateAvatar',
  method: 'post',
  path: '/v1/users/avatar',
  auth: 'member',
  tag: 'user',
  summary:
    '设置头像（先按 /v1/oss/policy?module=avatar 上传，再提交对象 key；不是本人头像目录下已上传的图片时为 4002）',
  body: AvatarBody,
  response: AvatarChanged,
});
