/** The operations console: sign-in, staff accounts, the audit log, the home page's queues. */
import { op } from '../op';
import {
  AuditPage,
  AuditQuery,
  AuditVerification,
  ConsoleHome,
  CreateStaffBody,
  StaffLockWait,
  StaffCredentials,
  StaffList,
  StaffLoginParam,
  StaffMe,
  StaffRolesBody,
  StaffRow,
  StaffSession,
  StaffSignInBody,
  StaffSignInStep,
  StaffSignInVerifyBody,
  StaffStateBody,
} from '../schemas/admin';
import { Ok } from '../schemas/common';

export const staffSignIn = op({
  id: 'staffSignIn',
  method: 'post',
  path: '/admin/v1/auth/sign-in',
  auth: 'none',
  tag: 'admin',
  summary: '管理后台登录第一步：登录名与密码',
  body: StaffSignInBody,
  response: StaffSignInStep,
  refusals: { STAFF_LOCKED: StaffLockWait },
});

export const staffSignInVerify = op({
  id: 'staffSignInVerify',
  method: 'post',
  path: '/admin/v1/auth/verify',
  auth: 'none',
  tag: 'admin',
  summary: '管理后台登录第二步：身份验证器动态码（首次登录同时设置新密码）',
  body: StaffSignInVerifyBody,
  response: StaffSession,
  refusals: { STAFF_LOCKED: StaffLockWait },
});

export const getStaffMe = op({
  id: 'getStaffMe',
  method: 'get',
  path: '/admin/v1/me',
  auth: 'staff',
  permission: 'console.home',
  tag: 'admin',
  summary: '当前员工与其权限',
  response: StaffMe,
});

export const staffSignOut = op({
  id: 'staffSignOut',
  method: 'post',
  path: '/admin/v1/auth/sign-out',
  auth: 'staff',
  permission: 'console.home',
  tag: 'admin',
  summary: '退出本次登录',
  response: Ok,
});

export const staffSignOutEverywhere = op({
  id: 'staffSignOutEverywhere',
  method: 'post',
  path: '/admin/v1/auth/sign-out-everywhere',
  auth: 'staff',
  permission: 'console.home',
  tag: 'admin',
  summary: '退出我在所有设备上的登录',
  response: Ok,
});

export const getConsoleHome = op({
  id: 'getConsoleHome',
  method: 'get',
  path: '/admin/v1/home',
  auth: 'staff',
  permission: 'console.home',
  tag: 'admin',
  summary: '工作台：我的角色待处理的队列与最久等待',
  response: ConsoleHome,
});

export const listStaff = op({
  id: 'listStaff',
  method: 'get',
  path: '/admin/v1/staff',
  auth: 'staff',
  permission: 'staff.manage',
  tag: 'admin',
  summary: '员工账号列表',
  response: StaffList,
});

export const createStaff = op({
  id: 'createStaff',
  method: 'post',
  path: '/admin/v1/staff',
  auth: 'staff',
  permission: 'staff.manage',
  tag: 'admin',
  summary: '新建员工账号（返回一次性密码与身份验证器密钥）',
  body: CreateStaffBody,
  response: StaffCredentials,
});

export const setStaffRoles = op({
  id: 'setStaffRoles',
  method: 'post',
  path: '/admin/v1/staff/{login}/roles',
  auth: 'staff',
  permission: 'staff.manage',
  freshTotp: true,
  // Wrong codes count towards the sign-in lock: the fifth locks the account (with its wait).
  tag: 'admin',
  summary: '修改员工角色（需动态码）',
  params: StaffLoginParam,
  body: StaffRolesBody,
  response: StaffRow,
});

export const disableStaff = op({
  id: 'disableStaff',
  method: 'post',
  path: '/admin/v1/staff/{login}/disable',
  auth: 'staff',
  permission: 'staff.manage',
  freshTotp: true,
  // Wrong codes count towards the sign-in lock: the fifth locks the account (with its wait).
  tag: 'admin',
  summary: '停用员工账号并结束其全部登录（需动态码）',
  params: StaffLoginParam,
  body: StaffStateBody,
  response: StaffRow,
});

export const resetStaff = op({
  id: 'resetStaff',
  method: 'post',
  path: '/admin/v1/staff/{login}/reset',
  auth: 'staff',
  permission: 'staff.manage',
  freshTotp: true,
  // Wrong codes count towards the sign-in lock: the fifth locks the account (with its wait).
  tag: 'admin',
  summary: '重置员工的密码与身份验证器（重新启用；需动态码）',
  params: StaffLoginParam,
  body: StaffStateBody,
  response: StaffCredentials,
});

export const listAudit = op({
  id: 'listAudit',
  method: 'get',
  path: '/admin/v1/audit',
  auth: 'staff',
  permission: 'audit.read',
  tag: 'admin',
  summary: '审计日志（按员工、操作、对象、时间筛选）',
  query: AuditQuery,
  response: AuditPage,
});

export const verifyAudit = op({
  id: 'verifyAudit',
  method: 'get',
  path: '/admin/v1/audit/verify',
  auth: 'staff',
  permission: 'audit.read',
  tag: 'admin',
  summary: '校验审计日志的哈希链',
  response: AuditVerification,
});
