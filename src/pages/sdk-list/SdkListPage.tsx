import { SdkListView, type SdkEntry } from './SdkListView';

/** The SDKs and third-party interfaces the product integrates (REFERENCES: OAuth, OSS, SMS providers). */
const SDKS: readonly SdkEntry[] = [
  {
    name: '微信开放平台（微信登录）',
    provider: '深圳市腾讯计算机系统有限公司',
    purpose: '使用微信账号授权登录、绑定微信账号',
    data: '经你授权的微信 OpenID / UnionID、昵称、头像',
    scene: '选择微信登录或绑定时',
    policyUrl: 'https://privacy.qq.com/',
  },
  {
    name: 'QQ 互联（QQ 登录）',
    provider: '深圳市腾讯计算机系统有限公司',
    purpose: '使用 QQ 账号授权登录、绑定 QQ 账号',
    data: '经你授权的 QQ OpenID、昵称、头像',
    scene: '选择 QQ 登录或绑定时',
    policyUrl: 'https://privacy.qq.com/',
  },
  {
    name: '微博开放平台（微博登录）',
    provider: '北京微梦创科网络技术有限公司',
    purpose: '使用微博账号授权登录、绑定微博账号',
    data: '经你授权的微博用户 ID、昵称、头像',
    scene: '选择微博登录或绑定时',
  },
  {
    name: '支付宝开放平台（支付宝登录）',
    provider: '支付宝（中国）网络技术有限公司',
    purpose: '使用支付宝账号授权登录、绑定支付宝账号',
    data: '经你授权的支付宝用户 ID、昵称、头像',
    scene: '选择支付宝登录或绑定时',
  },
  {
    name: '阿里云对象存储 OSS',
    provider: '阿里云计算有限公司',
    purpose: '存储你上传的头像、反馈截图和任务截图',
    data: '你主动上传的图片文件及上传时间',
    scene: '上传头像、提交反馈或任务截图时',
  },
  {
    name: '短信服务',
    provider: '阿里云计算有限公司',
    purpose: '发送注册、登录、找回密码和更换手机号的短信验证码',
    data: '手机号码',
    scene: '获取短信验证码时',
  },
];

export default function SdkListPage() {
  return <SdkListView sdks={SDKS} updatedDate="2025 年 1 月 1 日" />;
}
