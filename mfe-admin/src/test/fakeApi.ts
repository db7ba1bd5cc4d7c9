export { installFakeApi, type FakeAnswer, type FakeApi, type FakeRequest } from '@cine/web-kit/testing';
