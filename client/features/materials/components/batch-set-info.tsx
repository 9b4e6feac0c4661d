// 批量编辑 of the product list: the fields filled here are written to every selected product (only those fields).
import { useState } from 'react';
import { Col, Form, Input, Modal, Row, Select } from 'antd';
import { http } from '../../../lib/http';
import { useT } from '../../../lib/i18n/use-t';
import { interpretSaveAnswer } from '../../../lib/backend/envelope';
import { FieldControl } from '../../../components/form-kit/form-field';
import type { FormField } from '../../../components/form-kit/form-spec';
import { batchInfoBody, batchInfoProblem } from '../material-batch';
import { useAppFeedback } from '../../../lib/app-feedback';
import { NumberTextInput } from '../../../components/form-kit/number-text-input';
import { numberFormRule } from '../../../components/form-kit/number-field';
import { NOT_NEGATIVE } from '../../../lib/number-rule';

const CATEGORY_FIELD: FormField = {
  kind: 'treeSelect',
  name: 'categoryId',
  label: 'product.category',
  source: { url: '/materialCategory/getMaterialCategoryTree', selfParam: 'id' },
};

export interface BatchSetInfoProps {
  ids: readonly (string | number)[] | null;
  onClose: () => void;
  onSaved: () => void;
}

export function BatchSetInfo({ ids, onClose, onSaved }: BatchSetInfoProps) {
  const t = useT();
  const { message, modal } = useAppFeedback();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const yesNo = [
    { value: '1', label: t('product.yes') },
    { value: '0', label: t('product.no') },
  ];
  const text = (name: string, label: Parameters<typeof t>[0]) => (
    <Col span={12}>
      <Form.Item name={name} label={t(label)}>
        <Input placeholder={t('form.inputPlaceholder', { label: t(label) })} />
      </Form.Item>
    </Col>
  );

  const submit = async () => {
    if (!ids || saving) return;
    // 重量 and 保质期天数 under the number rule: a refused value stays, its reason under it.
    if (
      !(await form.validateFields().then(
        () => true,
        () => false,
      ))
    )
      return;
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    const problem = batchInfoProblem(values);
    if (problem) {
      message.warning(t(problem));
      return;
    }
    modal.confirm({
      title: t('table.confirmOperateTitle'),
      content: t('product.batchConfirm', { n: String(ids.length) }),
      onOk: async () => {
        setSaving(true);
        try {
          const body = batchInfoBody(ids, values);
          const outcome = interpretSaveAnswer(await http.post<unknown>('/material/batchUpdate', body));
          if (outcome.ok) onSaved();
          else message.warning(outcome.message || t('form.saveFailed'));
        } catch {
          // Reported by the HTTP client.
        } finally {
          // The original closes this dialog whatever the answer.
          setSaving(false);
          onClose();
        }
      },
    });
  };

  return (
    <Modal
      open={ids !== null}
      title={t('product.batchEdit')}
      width={800}
      destroyOnHidden
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      okText={t('form.save')}
      cancelText={t('form.cancel')}
    >
      <Form form={form} clearOnDestroy labelCol={{ span: 8 }} wrapperCol={{ span: 16 }} autoComplete="off">
        <Row gutter={16}>
          {text('color', 'product.color')}
          {text('brand', 'product.brand')}
          <Col span={12}>
            <Form.Item name="weight" label={t('product.weight')} rules={[numberFormRule(NOT_NEGATIVE, t)]}>
              <NumberTextInput suffix={t('product.weightSuffix')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="expiryNum"
              label={t('product.expiryNum')}
              rules={[numberFormRule({ min: 0, integer: true }, t)]}
            >
              <NumberTextInput suffix={t('product.expirySuffix')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="categoryId" label={t('product.category')}>
              <FieldControl field={CATEGORY_FIELD} selfId={undefined} readOnly={false} />
            </Form.Item>
          </Col>
          {text('position', 'product.position')}
          {text('mfrs', 'product.mfrs')}
          <Col span={12}>
            <Form.Item name="enableSerialNumber" label={t('product.serialNumber')}>
              <Select aria-label={t('product.serialNumber')} allowClear options={yesNo} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="enableBatchNumber" label={t('product.batchNumber')}>
              <Select aria-label={t('product.batchNumber')} allowClear options={yesNo} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label={t('col.remark')} labelCol={{ span: 4 }} wrapperCol={{ span: 20 }}>
              <Input.TextArea rows={2} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
