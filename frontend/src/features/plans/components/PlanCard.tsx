import { CheckOutlined } from '@ant-design/icons';
import type { Plan } from '@originality/contracts';
import { Button, Card, Tag } from 'antd';
import { isPaidPlan } from '../lib/plans';

interface PlanCardProps {
  plan: Plan;
  selected: boolean;
  current: boolean;
  processing: boolean;
  disabled: boolean;
  onChoose(plan: Plan): void;
}

export function PlanCard({ plan, selected, current, processing, disabled, onChoose }: PlanCardProps) {
  const paid = isPaidPlan(plan.id);
  const label = processing ? 'Processing...' : current ? 'Current Plan' : paid ? `Choose ${plan.name}` : 'Free';
  return (
    <Card className={selected ? 'plan-card plan-card--selected' : 'plan-card'} aria-label={plan.name}>
      <h3 className="card-title">{plan.name}</h3>
      <div className="plan-price">
        {plan.price} <span className="muted">{plan.period}</span>
      </div>
      {plan.savings && <Tag color="green">{plan.savings}</Tag>}
      <p className="muted">{plan.description}</p>
      <ul className="plan-features">
        {plan.features.map((feature) => (
          <li key={feature}>
            <CheckOutlined aria-hidden /> {feature}
          </li>
        ))}
      </ul>
      <Button
        block
        type={paid ? 'primary' : 'default'}
        loading={processing}
        disabled={!paid || current || disabled}
        onClick={() => onChoose(plan)}
      >
        {label}
      </Button>
    </Card>
  );
}
